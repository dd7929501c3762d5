// The body of an approve or deny call, shared by the admin API and the console: empty, or
// `{reason: string}` of at most 1024 characters. Anything else is the interface's error.
import { parseJson } from "../../wire/json.ts";
import { readBody } from "../body.ts";
import { errors } from "../errors.ts";

const MAX_REASON = 1024;

/** The reason given (trimmed; null when none), or the error response to answer with. */
export async function readDecisionReason(request: Request, maxBodyBytes: number): Promise<string | null | Response> {
  const body = await readBody(request, maxBodyBytes);
  if (!body.ok) {
    if (body.problem === "timeout") return errors.requestTimeout();
    return body.problem === "too_large" ? errors.payloadTooLarge(maxBodyBytes) : errors.invalidBody();
  }
  const parsed = body.text.trim() === "" ? { ok: true as const, value: {} } : parseJson(body.text);
  const reason = parsed.ok ? (parsed.value as { reason?: unknown } | null)?.reason : undefined;
  if (!parsed.ok || (reason !== undefined && (typeof reason !== "string" || reason.length > MAX_REASON))) {
    return errors.invalidBody("body is an optional {reason: string}");
  }
  return (reason as string | undefined)?.trim() || null;
}
