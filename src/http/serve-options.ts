// The Bun.serve options warden listens with: every request goes through the instrumented app,
// except GET of the route table's static pages, which Bun answers first from `routes`.
// `warden serve` and the tests build the server the same way.
import type { Runtime } from "../runtime.ts";
import { ROUTES } from "./routes.ts";

/**
 * Bun's own body cap answers 413 in plain text, before warden sees the request. It sits far
 * above warden's limit so warden answers every too-large body itself, in the interface's shape:
 * a declared Content-Length is refused unread, a streamed body is cut at the limit.
 */
const TRANSPORT_BODY_CAP_BYTES = 1024 * 1024 * 1024;

export interface Listen {
  host: string;
  port: number;
  idleTimeoutS?: number;
}

type ToApp = (request: Request, server: Bun.Server<undefined>) => Promise<Response>;

/**
 * Bun answers HEAD of a GET route by itself, and any method of a bare HTML import: the page's own
 * path answers GET only and hands HEAD to the app, as other methods already fall through to
 * `fetch`, so it gets the app's 405 like every path of the table. Its chunks are no table entry
 * (their names come from the bundle): in the binary GET and HEAD serve them and other methods are
 * the app's 404; run from source, Bun serves them itself.
 */
async function pageRoutes(toApp: ToApp): Promise<Bun.Serve.Routes<undefined, string>> {
  const routes: Bun.Serve.Routes<undefined, string> = {};
  for (const route of ROUTES) {
    if (!route.page) continue;
    for (const [path, get] of Object.entries(await route.page(route.path))) {
      // Bun serves an HTML import per method too (test/routes.test.ts runs it); its types list handlers only.
      routes[path] = path === route.path ? { GET: get as () => Response, HEAD: toApp } : { GET: get as () => Response };
    }
  }
  return routes;
}

export async function createServeOptions(runtime: Pick<Runtime, "fetch">, listen: Listen) {
  const toApp: ToApp = (request, server) => runtime.fetch(request, (r) => server.requestIP(r)?.address);
  return {
    hostname: listen.host,
    port: listen.port,
    fetch: toApp,
    routes: await pageRoutes(toApp),
    development: false,
    // Never share the port: a second warden on it must fail, not take half the requests.
    reusePort: false,
    maxRequestBodySize: TRANSPORT_BODY_CAP_BYTES,
    idleTimeout: listen.idleTimeoutS,
  } satisfies Bun.Serve.Options<undefined>;
}
