// Helpers for tests that run warden as a real process: spawn, read its first lines, stop by PID.
import type { Subprocess } from "bun";

export interface Started {
  proc: Subprocess<"ignore", "pipe", "pipe">;
  url: string;
  firstKey?: string;
  stdout: string[];
}

/** Starts `cmd serve --port 0 ...` and waits for the line that names its URL. */
export async function startServer(cmd: string[], env: Record<string, string> = {}): Promise<Started> {
  const proc = Bun.spawn(cmd, { stdin: "ignore", stdout: "pipe", stderr: "pipe", env: { ...process.env, ...env } });
  const lines: string[] = [];
  const reader = proc.stdout.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    const parts = buffered.split("\n");
    buffered = parts.pop()!;
    lines.push(...parts);
    const listening = lines.find((l) => l.startsWith("warden listening on "));
    if (listening) {
      reader.releaseLock();
      const url = listening.split(" ")[3]!;
      const keyLine = lines.find((l) => l.trim().startsWith("svc_"));
      return { proc, url, firstKey: keyLine?.trim(), stdout: lines };
    }
  }
  proc.kill("SIGKILL");
  throw new Error(`warden did not start: ${lines.join("\n")}\n${await new Response(proc.stderr).text()}`);
}

/** A process's output read as it comes, so a test waits for a line instead of sleeping. */
export function collectOutput(stream: ReadableStream<Uint8Array>): { text(): string; until(needle: string, timeoutMs?: number): Promise<void> } {
  let text = "";
  let ended = false;
  void (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) text += decoder.decode(chunk, { stream: true });
    ended = true;
  })();
  return {
    text: () => text,
    async until(needle, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (!text.includes(needle)) {
        if (ended || Date.now() > deadline) throw new Error(`no "${needle}" in the output:\n${text}`);
        await Bun.sleep(20);
      }
    },
  };
}
