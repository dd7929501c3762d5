// What one entry of the route table (routes.ts) says about a route: everything routing, 405s,
// instrumentation, load shedding and /openapi.json are derived from. Types only.
import type { TSchema } from "@sinclair/typebox";
import type { AppDeps } from "../app.ts";

/** Who may call: a workspace key, an operator token, a metrics-scope token (or loopback), a console session. */
export type Auth = "key" | "operator" | "metrics" | "session" | "none";

export type Handler = (request: Request, params: Record<string, string>) => Response | Promise<Response>;

/** A route's answers by status: a TypeBox body, a non-JSON media type (a string), or null for no body. */
export type Responses = Record<number, TSchema | string | null>;

export interface QueryParameter {
  name: string;
  required: boolean;
  description: string;
}

/** Bun.serve `routes` values that answer GET (Bun bundles an HTML import itself when run from source). */
export type PageRoutes = Record<string, Bun.HTMLBundle | (() => Response)>;

interface RouteFields {
  method: "GET" | "POST";
  /** Elysia's template: `:name` stands for one non-empty path segment. */
  path: string;
  /** The credential the handler checks first (handlers enforce it; test/routes.test.ts proves each one does). */
  auth: Auth;
  summary: string;
  tag: string;
  body?: TSchema;
  query?: QueryParameter[];
  responses: Responses;
  /**
   * "in-band": every refusal (no credentials, overload) is a 200 in the route's own body, never an
   * error status, because a harness reads a non-2xx hook answer as "carry on" (hooks.ts).
   */
  refuses?: "in-band";
  /**
   * Under overload a route is shed at once with 503 unless it says otherwise: "never" for health and
   * metrics (how operators see the overload), "in-band" when the handler answers its own deny.
   */
  shed?: "never" | "in-band";
  /** "none": the handler reads the raw bytes itself (signatures cover them; limits apply first). */
  parse?: "none";
  /**
   * A GET that HEAD may ask too (RFC 9110 section 9.3.2: the GET's status and headers, no body):
   * only where the GET changes nothing, so probes that send HEAD work and no HEAD spends a token.
   */
  head?: true;
}

/** Served by the app (Elysia), with a handler built once per app from its dependencies. */
interface AppRoute extends RouteFields {
  handler: (deps: AppDeps) => Handler;
  page?: never;
}

/** A static page Bun.serve answers before the app sees the request (its other methods reach the app). */
interface PageRoute extends RouteFields {
  page: (path: string) => Promise<PageRoutes>;
  handler?: never;
}

export type Route = AppRoute | PageRoute;
