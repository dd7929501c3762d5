// The syslog sink: RFC 5424 messages over TCP, octet-counted (RFC 6587), JSON or CEF. Delivered
// means the kernel took every byte; plain TCP syslog has no receipt beyond that (RELP would).
import { connect, type Socket } from "node:net";
import { syslogFrame } from "../formats.ts";
import { delivered, failed, reasonOf, type Delivery, type Sink } from "../sink.ts";

export interface SyslogSinkOptions {
  host: string;
  port: number;
  cef: boolean;
  timeoutMs?: number;
}

export function createSyslogSink(options: SyslogSinkOptions): Sink {
  const timeoutMs = options.timeoutMs ?? 10_000;
  let socket: Socket | undefined;

  const drop = () => {
    socket?.destroy();
    socket = undefined;
  };

  const ensureConnected = () =>
    new Promise<Socket>((resolve, reject) => {
      if (socket && !socket.destroyed) return resolve(socket);
      const s = connect({ host: options.host, port: options.port });
      const timer = setTimeout(() => s.destroy(new Error("connect timeout")), timeoutMs);
      s.once("connect", () => {
        clearTimeout(timer);
        // A peer that closes or errors later is noticed at the next write; keep the process quiet.
        s.on("error", () => drop());
        s.on("close", () => {
          if (socket === s) socket = undefined;
        });
        socket = s;
        resolve(s);
      });
      s.once("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });

  const write = (s: Socket, bytes: Uint8Array) =>
    new Promise<Delivery>((resolve) => {
      const timer = setTimeout(() => {
        drop();
        resolve(failed("write timeout"));
      }, timeoutMs);
      s.write(bytes, (error) => {
        clearTimeout(timer);
        if (error) drop();
        resolve(error ? failed(reasonOf(error)) : delivered);
      });
    });

  return {
    id: `syslog:${options.host.includes(":") ? `[${options.host}]` : options.host}:${options.port}`,
    recover: async () => delivered,
    async deliver(records) {
      const frames = records.map((r) => syslogFrame(r, options.cef));
      const bytes = new Uint8Array(frames.reduce((n, f) => n + f.length, 0));
      let at = 0;
      for (const f of frames) {
        bytes.set(f, at);
        at += f.length;
      }
      try {
        return await write(await ensureConnected(), bytes);
      } catch (error) {
        drop();
        return failed(reasonOf(error));
      }
    },
    close: async () => {
      socket?.end();
      drop();
    },
  };
}
