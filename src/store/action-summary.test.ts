// The one-line action of a live row: the command, path, host or tool; bounded, no control characters.
import { expect, test } from "bun:test";
import { actionSummary } from "./action-summary.ts";

test("each kind says what it did in one bounded line", () => {
  expect(actionSummary("tool_call", { name: "Bash", arguments: { command: "git status" } })).toBe("Bash: git status");
  expect(actionSummary("tool_call", { name: "Write", arguments: { file_path: "/app/a.ts", content: "x" } })).toBe("Write: /app/a.ts");
  expect(actionSummary("exec", { argv: ["npm", "test"] })).toBe("npm test");
  expect(actionSummary("network", { host: "api.example.com", port: 443, direction: "egress" })).toBe("egress api.example.com:443");
  expect(actionSummary("file", { op: "write", path: "/etc/hosts" })).toBe("write /etc/hosts");
  expect(actionSummary("tool_result", { name: "Read", result: "..." })).toBe("Read result");
  const long = actionSummary("tool_call", { name: "Bash", arguments: { command: `echo a\r\n\u001b[2K${"b".repeat(500)}` } });
  expect(long.length).toBe(160);
  expect(long).not.toMatch(/[\u0000-\u001f]/);
  expect(long.endsWith("…")).toBe(true);
});
