// The Splunk HTTP Event Collector sink: one POST per batch of newline-joined events with
// `Authorization: Splunk <token>`. Only a 2xx counts as delivered; the token is never logged.
import { hecEvent } from "../formats.ts";
import { delivered, failed, reasonOf, tooLarge, type Sink } from "../sink.ts";

export interface HecSinkOptions {
  url: string;
  token: string;
  timeoutMs?: number;
}

/** The sink id: the URL without query or fragment (credentials are refused in config). */
export const hecSinkId = (url: string) => {
  const u = new URL(url);
  return `hec:${u.origin}${u.pathname}`;
};

export function createHecSink(options: HecSinkOptions): Sink {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    id: hecSinkId(options.url),
    recover: async () => delivered,
    async deliver(records) {
      try {
        const response = await fetch(options.url, {
          method: "POST",
          headers: { authorization: `Splunk ${options.token}`, "content-type": "application/json" },
          body: records.map((r) => hecEvent(r)).join("\n"),
          signal: AbortSignal.timeout(timeoutMs),
          redirect: "manual",
        });
        // The body is read and dropped: it may echo what was sent, and logs never carry that.
        await response.arrayBuffer().catch(() => {});
        if (response.status === 413) return tooLarge("HTTP 413");
        return response.ok ? delivered : failed(`HTTP ${response.status}`);
      } catch (error) {
        return failed(reasonOf(error));
      }
    },
    close: async () => {},
  };
}
