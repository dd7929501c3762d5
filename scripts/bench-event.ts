// The GuardEvent every bench load posts: a routine Bash tool call from a Claude Code hook.
// Sessions of at most 200 events: one session taking thousands of actions a minute would
// (rightly) pass the runaway-rate signal and measure the approval path instead of the common one.
export const benchEvent = (id: string, sessionId: string) => ({
  svc_version: "0.5", event_id: id, guard_id: `g-${id}`, session_id: sessionId,
  timestamp: "2026-11-23T10:00:00Z", observation_point: "invocation",
  sensor: { id: "claude-code-hook", class: "in_process", version: "1.0.0" }, kind: "tool_call",
  subject: { agent_id: "bench-agent", agent_type: "claude-code", agent_user: "dev@example.com" },
  payload: {
    name: "Bash",
    arguments: {
      command: "cd /home/dev/project && npm run build -- --mode production && git status --short | head -n 20",
      // Differs per request: the common case is a new action, not one repeated (which past the
      // policy's signals.repeated_action thresholds raises a finding, then needs approval).
      description: `Build the project for production and show the short git status of the working tree (step ${id})`,
      timeout: 120000,
    },
  },
  provenance: [{ source: "model", trust: "unverified" }, { source: "user", trust: "trusted", ref: "turn-3" }],
  run_id: "run-bench", turn: 3,
});
