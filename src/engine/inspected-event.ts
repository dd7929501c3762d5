// Builds the InspectedEvent detectors receive; text extraction runs once, on first use, and so
// does any work detectors share (`shared`).
import type { GuardEvent } from "../wire/guard-event.ts";
import type { InspectedEvent, SessionFilesView, SharedKey } from "./detector.ts";
import { extractTexts, type ExtractedTexts } from "./text-fields.ts";

const NO_FILES: SessionFilesView = { size: 0, read: () => undefined };

/** `sessionFiles`: what the session's agent wrote earlier (none for an event judged on its own). */
export function createInspectedEvent(event: GuardEvent, sessionFiles: SessionFilesView = NO_FILES): InspectedEvent {
  let extracted: ExtractedTexts | undefined;
  const extract = () => (extracted ??= extractTexts(event.payload));
  let shared: Map<symbol, unknown> | undefined;
  return {
    event,
    encoding: event.content_encoding ?? "raw",
    texts: () => extract().fields,
    unextracted: () => extract().truncated,
    sessionFiles,
    shared<T>(key: SharedKey<T>, compute: () => T): T {
      shared ??= new Map();
      if (shared.has(key)) return shared.get(key) as T;
      const value = compute();
      shared.set(key, value);
      return value;
    },
  };
}
