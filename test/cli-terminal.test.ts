// What the CLI prints of agent-controlled values cannot act on the operator's terminal: ids and
// names holding CR, LF, ESC sequences, OSC-8 links or bidi overrides are shown escaped, so no row
// is forged, no line erased and no approval shows another action than the one it binds.
import { expect, setDefaultTimeout, test } from "bun:test";
import { join } from "node:path";
import { makeEvent, SLOW_TEST_MS, startWarden, tempDir } from "./helpers.ts";

setDefaultTimeout(SLOW_TEST_MS);
const main = join(import.meta.dir, "..", "src", "main.ts");
const FORGED = "s\r\nfake row\u001b[2K\u001b]8;;https://evil.example\u0007link\u001b]8;;\u0007\u202eesrever\u001b[8m";
const ACTIVE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

test("events, findings, agents and approvals print forged ids escaped, one row per record", async () => {
  using dir = tempDir();
  await using w = await startWarden({ dataDir: dir.path });
  const event = makeEvent({
    session_id: FORGED, guard_id: `g${FORGED}`, subject: { agent_id: `a${FORGED}`, agent_user: `u${FORGED}` },
    payload: { name: "Bash", arguments: { command: "echo 'neofetch' >> ~/.bashrc" } },
  });
  expect(((await (await w.evaluate(event)).json()) as { decision: string }).decision).toBe("require_approval");
  const cli = (...args: string[]) => {
    const out = Bun.spawnSync([process.execPath, main, ...args, "--workspace", "ws-test", "--data", dir.path], { stdout: "pipe", stderr: "pipe" });
    expect(out.exitCode).toBe(0);
    return out.stdout.toString();
  };
  const approvals = cli("approvals", "list");
  const id = approvals.split("\n")[1]!.split("\t")[0]!;
  for (const [name, out, lines] of [
    ["events", cli("events"), 2],
    ["findings", cli("findings"), 2],
    ["agents", cli("agents"), 2],
    ["approvals list", approvals, 2],
    ["approvals show", cli("approvals", "show", id), 9],
  ] as const) {
    expect({ name, active: ACTIVE.test(out), lines: out.trimEnd().split("\n").length }).toEqual({ name, active: false, lines });
    expect(out).toContain("\\u{1b}[2K");
  }
  // The action comes first, before any field the agent chose (issue 16 item 4).
  const shown = cli("approvals", "show", id).split("\n");
  expect(shown[1]).toStartWith("action (tool_call, sha256:");
  expect(shown[2]).toContain(".bashrc");
});
