// The shape of an adversarial action case (issue 15): one technique, one action, what warden must
// answer. Cases are data: each property keeps its own table in `<property>.cases.ts`, and the
// harness sends every case through every door (evaluate, both hook endpoints, both hook commands
// and `warden exec --check` for shell commands) of the compiled binary. Attack text is data only:
// nothing here is ever run by a shell.
import type { GuardEvent } from "../../src/wire/guard-event.ts";

export type CaseAction =
  /** A shell command as an agent's Bash tool sends it (Claude Code and Codex both call it Bash). */
  | { bash: string }
  /** Any other harness tool call: Write, Edit, MultiEdit, NotebookEdit, apply_patch, WebFetch, mcp__... */
  | { tool: string; input: Record<string, unknown> }
  /** A GuardEvent sent to /v1/evaluate only (ids and timestamp are filled in). */
  | { event: Omit<GuardEvent, "svc_version" | "event_id" | "guard_id" | "timestamp"> }
  /**
   * Tool calls of one agent session, in order: each is sent and recorded, and only the last is
   * judged (a file written by one call and run by the next). Not sent to `warden exec --check`.
   */
  | { session: SessionStep[] };

export type SessionStep = { bash: string } | { tool: string; input: Record<string, unknown> };

export interface ActionCase {
  /** Stable and unique across all tables, kebab-case. */
  id: string;
  /** What it tries, in a few words. */
  technique: string;
  action: CaseAction;
  /** `held`: block or require_approval (or a deny/ask at a hook, exit 126 at exec); `allowed`: passes. */
  expect: "held" | "allowed";
  /** Where the case comes from: the issue's own list, or a variation found while building. */
  origin: "issue" | "new";
}
