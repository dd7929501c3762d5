// The payload digest an approval binds to (decisions.md): "sha256:" + hex(SHA-256(JCS(subset)))
// with the subset per kind; other kinds are not approvable by receipt.
import { canonicalJson, sha256Hex } from "../lib/jcs.ts";
import type { GuardEvent } from "../wire/guard-event.ts";

const SUBSETS: Partial<Record<GuardEvent["kind"], readonly string[]>> = {
  tool_call: ["name", "arguments"],
  exec: ["argv", "cwd"],
  network: ["host", "port", "direction"],
  file: ["op", "path"],
  tool_register: ["name", "description", "schema"],
  mcp_connect: ["server", "url"],
  skill_load: ["name", "source", "content_ref"],
};

/** The canonical text a digest is taken over (also what an approver is shown), if the kind has one. */
export function digestInput(event: GuardEvent): string | undefined {
  const fields = SUBSETS[event.kind];
  if (!fields) return undefined;
  return canonicalJson(Object.fromEntries(fields.map((f) => [f, event.payload[f]])));
}

export function payloadDigest(event: GuardEvent): string | undefined {
  const input = digestInput(event);
  return input === undefined ? undefined : `sha256:${sha256Hex(input)}`;
}
