// The console page, a Bun HTML import (bun.sh/docs/bundler/fullstack), as the GET handlers of
// Bun.serve `routes` (src/http/serve-options.ts sends every other method to the app). In the
// compiled binary the bundle was built ahead of time: its files are read from inside the executable
// and served with warden's security headers. Run from source, Bun bundles the page on first
// request and serves it as it does (the CSP then comes from the page's <meta> alone).
import { basename } from "node:path";
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

/** The page at `path` (the route table's) and, in the binary, each of its chunks at the root. */
export async function consolePageRoutes(path: string): Promise<PageRoutes> {
  if (!page.files) return { [path]: page };
  const routes: PageRoutes = {};
  for (const file of page.files) {
    const body = await Bun.file(file.path).bytes();
    const isPage = file.loader === "html";
    // The page links its chunks from the root by their hashed names, so those never go stale.
    const headers = { ...file.headers, ...SECURITY_HEADERS, "cache-control": isPage ? "no-cache" : "public, max-age=31536000, immutable" };
    routes[isPage ? path : `/${basename(file.path)}`] = () => new Response(body, { headers });
  }
  return routes;
}
