// The console page, a Bun HTML import (bun.sh/docs/bundler/fullstack), as the GET handlers of
// Bun.serve `routes` (src/http/serve-options.ts sends every other method to the app). In the
// compiled binary the bundle was built ahead of time and its files are read from inside the
// executable; run from source, it is built once in memory at start. Either way every file is
// served with warden's security headers.
import { basename, join } from "node:path";
import page from "../../console/index.html";
import type { PageRoutes } from "../route.ts";

/** The same policy as the page's <meta>; a header also carries frame-ancestors, which <meta> cannot. */
export const CONSOLE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

const SECURITY_HEADERS = {
  "content-security-policy": CONSOLE_CSP,
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
};

interface PageFile {
  name: string;
  isPage: boolean;
  body: Uint8Array;
  headers: Record<string, string>;
}

/** The bundle's files: built ahead of time into the binary, or built here, in memory, from source. */
async function pageFiles(): Promise<PageFile[]> {
  if (page.files) {
    return Promise.all(page.files.map(async (file) => ({
      name: basename(file.path), isPage: file.loader === "html", body: await Bun.file(file.path).bytes(), headers: { ...file.headers },
    })));
  }
  // From source (`npm start`): the same bundle the binary embeds, so the page is served with the
  // same headers (a header CSP can say frame-ancestors; a <meta> one cannot).
  const built = await Bun.build({ entrypoints: [join(import.meta.dir, "..", "..", "console", "index.html")], target: "browser", minify: true, publicPath: "/" });
  if (!built.success) throw new Error(`the console page did not build: ${built.logs.join("; ")}`);
  return Promise.all(built.outputs.map(async (out) => ({
    name: basename(out.path), isPage: out.type.startsWith("text/html"), body: new Uint8Array(await out.arrayBuffer()), headers: { "content-type": out.type },
  })));
}

/** The page at `path` (the route table's) and each of its chunks at the root. */
export async function consolePageRoutes(path: string): Promise<PageRoutes> {
  const routes: PageRoutes = {};
  for (const file of await pageFiles()) {
    // The page links its chunks from the root by their hashed names, so those never go stale.
    const headers = { ...file.headers, ...SECURITY_HEADERS, "cache-control": file.isPage ? "no-cache" : "public, max-age=31536000, immutable" };
    routes[file.isPage ? path : `/${file.name}`] = () => new Response(file.body, { headers });
  }
  return routes;
}
