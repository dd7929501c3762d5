// GET /admin/v1/console/stream: new decisions of a workspace as server-sent events (WHATWG HTML,
// "Server-sent events"), `id:` = the event's seq so a reconnecting browser resumes after its
// Last-Event-ID. The backlog is capped, the number of open streams bounded, and a stream ends
// when its console session does.
import type { AuditEntry, EventStore } from "../../store/types.ts";
import { errors } from "../errors.ts";
import { entryView, workspaceOf, type ConsoleDeps } from "./console-api.ts";

export const BACKLOG = 200;
const POLL_MS = 250;
const KEEPALIVE_MS = 15_000;
const SESSION_CHECK_MS = 5_000;

export interface StreamSlots {
  take(): boolean;
  release(): void;
}

export function createStreamSlots(max: number): StreamSlots {
  let open = 0;
  return {
    take: () => (open < max ? (open++, true) : false),
    release: () => void (open = Math.max(0, open - 1)),
  };
}

/** Where to resume: Last-Event-ID (a reconnecting EventSource), else `?after=`, else the newest backlog. */
function resumeAfter(request: Request): number | undefined {
  const raw = request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("after");
  return raw !== null && /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
}

const frame = (e: AuditEntry) => `id: ${e.seq}\ndata: ${JSON.stringify(entryView(e))}\n\n`;

/** What to send first: what was missed since `after` if it fits the cap, else the newest backlog. */
async function backlogOf(events: EventStore, workspace: string, after: number | undefined): Promise<AuditEntry[]> {
  const missed = after === undefined ? [] : await events.after(workspace, after, BACKLOG + 1);
  if (after !== undefined && missed.length <= BACKLOG) return missed;
  return (await events.recent(workspace, BACKLOG)).reverse();
}

/** Sends the backlog, then polls for new events until stopped or the session ends. */
function createFeed(events: EventStore, workspace: string, sessionAlive: () => Promise<boolean>) {
  let stopped = false;
  let timer: Timer | undefined;
  let wake = () => {};
  const sleep = (ms: number) => new Promise<void>((resolve) => {
    wake = resolve;
    timer = setTimeout(resolve, ms);
  });
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      wake();
    },
    async run(after: number | undefined, send: (text: string) => void): Promise<void> {
      const backlog = await backlogOf(events, workspace, after);
      send("retry: 2000\n\n");
      for (const e of backlog) send(frame(e));
      let cursor = backlog.at(-1)?.seq ?? after ?? 0;
      let lastSent = Date.now();
      let lastCheck = Date.now();
      let full = false;
      while (!stopped) {
        if (!full) await sleep(POLL_MS);
        if (stopped) return;
        if (Date.now() - lastCheck >= SESSION_CHECK_MS) {
          lastCheck = Date.now();
          if (!(await sessionAlive())) return;
        }
        const batch = await events.after(workspace, cursor, BACKLOG);
        for (const e of batch) send(frame(e));
        full = batch.length === BACKLOG;
        if (batch.length) {
          cursor = batch.at(-1)!.seq;
          lastSent = Date.now();
        } else if (Date.now() - lastSent >= KEEPALIVE_MS) {
          send(": keep-alive\n\n");
          lastSent = Date.now();
        }
      }
    },
  };
}

export function handleStream(request: Request, deps: ConsoleDeps, slots: StreamSlots, sessionAlive: () => Promise<boolean>): Response {
  const workspace = workspaceOf(request);
  if (workspace instanceof Response) return workspace;
  if (!slots.take()) return errors.overloaded();
  const feed = createFeed(deps.consoleStorage.events, workspace, sessionAlive);
  const encoder = new TextEncoder();
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let stopped = false;
      stop = () => {
        if (stopped) return;
        stopped = true;
        feed.stop();
        slots.release();
        try {
          controller.close();
        } catch {
          // Already closed: the client went away first.
        }
      };
      request.signal.addEventListener("abort", stop);
      // A failed read or a write after the client left ends the stream; the browser reconnects.
      void feed.run(resumeAfter(request), (text) => controller.enqueue(encoder.encode(text))).catch(() => {}).finally(stop);
    },
    cancel: () => stop(),
  });
  return new Response(body, {
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store", "x-accel-buffering": "no" },
  });
}
