// The console page, a Bun HTML import (bun.sh/docs/bundler/fullstack), as Bun.serve `routes`.
// In the compiled binary the bundle was built ahead of time: its files are read from inside the
// executable and served with warden's security headers. Run from source, Bun bundles the page on
// first request and serves it as it does (the CSP then comes from the page's <meta> alone).
import { basename } from "node:path";
import page from "../../console/index.html";

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

type PageRoutes = Record<string, Bun.HTMLBundle | { GET: () => Response }>;

export async function consolePageRoutes(): Promise<PageRoutes> {
  if (!page.files) return { "/console": page };
  const routes: PageRoutes = {};
  for (const file of page.files) {
    const body = await Bun.file(file.path).bytes();
    const isPage = file.loader === "html";
    // The page links its chunks from the root by their hashed names, so those never go stale.
    const headers = { ...file.headers, ...SECURITY_HEADERS, "cache-control": isPage ? "no-cache" : "public, max-age=31536000, immutable" };
    routes[isPage ? "/console" : `/${basename(file.path)}`] = { GET: () => new Response(body, { headers }) };
  }
  return routes;
}
