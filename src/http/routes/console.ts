// The web console's HTTP side: the one-time login link, and the JSON and SSE API the page calls,
// as handlers the route table (src/http/routes.ts) lists. Every API route needs a console session
// cookie; a mutation also needs an Origin header equal to warden's own origin (the cookie is
// SameSite=Strict already; this is the second lock).
import type { ConsoleSession } from "../../store/types.ts";
import { redeemLoginToken, SESSION_COOKIE, SESSION_TTL_MS, sessionOf } from "../../trust/console-sessions.ts";
import { errors, json } from "../errors.ts";
import type { Handler } from "../route.ts";
import { decideApproval, type ConsoleDeps } from "./console-api.ts";
import { createStreamSlots, handleStream } from "./console-stream.ts";

export type { ConsoleDeps } from "./console-api.ts";

const MAX_STREAMS = 32;

const isJson = (value: string | null) => value !== null && /^application\/json\s*(?:;|$)/i.test(value);

/** The session behind the request's cookie, or the refusal to send instead. */
async function authorize(request: Request, deps: ConsoleDeps, mutation: boolean): Promise<{ session: ConsoleSession; hash: Uint8Array } | Response> {
  const found = await sessionOf(deps.consoleStorage.console, request.headers.get("cookie"), deps.clock);
  if (!found) return errors.unauthorized("no console session: open the one-time link warden console prints");
  if (mutation) {
    // RFC 6454 section 7: browsers send Origin on every POST; a missing one is refused too.
    if (request.headers.get("origin") !== new URL(request.url).origin) return errors.forbidden("cross-origin request");
    // A form cannot send JSON without a CORS preflight, which warden never answers.
    if (!isJson(request.headers.get("content-type"))) return errors.unsupportedMediaType();
  }
  return found;
}

/** Console API responses are per-operator and live: never cached, never sniffed. */
function privateResponse(response: Response): Response {
  response.headers.set("cache-control", "no-store");
  response.headers.set("x-content-type-options", "nosniff");
  return response;
}

const cookie = (value: string, maxAgeS: number, secure: boolean) =>
  `${SESSION_COOKIE}=${value}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${maxAgeS}${secure ? "; Secure" : ""}`;

const isHttps = (request: Request) => new URL(request.url).protocol === "https:";

/** GET /console/login?token=: the token opens one session (one winner), then on to the page. */
export async function handleLogin(request: Request, deps: ConsoleDeps): Promise<Response> {
  const token = new URL(request.url).searchParams.get("token");
  const opened = await redeemLoginToken(deps.consoleStorage.console, token, deps.clock);
  const headers = { "cache-control": "no-store", "referrer-policy": "no-referrer", "x-content-type-options": "nosniff" };
  if (!opened) {
    return new Response("This login link is invalid, used or expired. Run `warden console` for a new one.\n", {
      status: 401,
      headers: { ...headers, "content-type": "text/plain; charset=utf-8" },
    });
  }
  deps.log.info("console session opened", { operator: opened.session.operator, console_session: opened.session.sessionId });
  return new Response(null, {
    status: 303,
    headers: { ...headers, location: "/console", "set-cookie": cookie(opened.secret, SESSION_TTL_MS / 1000, isHttps(request)) },
  });
}

type SessionHandler = (
  request: Request,
  deps: ConsoleDeps,
  found: { session: ConsoleSession; hash: Uint8Array },
  params: Record<string, string>,
) => Response | Promise<Response>;

/** A console API handler behind the session check (and, for a mutation, the Origin and JSON checks). */
export const behindSession = (mutation: boolean, handler: SessionHandler) => (deps: ConsoleDeps): Handler => async (request, params) => {
  const found = await authorize(request, deps, mutation);
  if (found instanceof Response) return privateResponse(found);
  return privateResponse(await handler(request, deps, found, params));
};

export const showSession = behindSession(false, (_request, _deps, { session: s }) =>
  json({ operator: s.operator, session_id: s.sessionId, expires_at: new Date(s.expiresAt).toISOString() }));

export const logout = behindSession(true, async (request, deps, { hash }) => {
  await deps.consoleStorage.console.endSession(hash, deps.clock.now());
  return json({ ok: true }, 200, { "set-cookie": cookie("", 0, isHttps(request)) });
});

export const decide = behindSession(true, (request, deps, { session }, params) =>
  decideApproval(request, deps, session, { id: params.id!, action: params.action! }));

/** The live stream; the open streams of one app share a bound, and each ends with its session. */
export function streamEvents(deps: ConsoleDeps): Handler {
  const slots = createStreamSlots(MAX_STREAMS);
  const alive = (hash: Uint8Array) => async () => (await deps.consoleStorage.console.findSession(hash, deps.clock.now())) !== undefined;
  return behindSession(false, (request, _deps, { hash }) => handleStream(request, deps, slots, alive(hash)))(deps);
}
