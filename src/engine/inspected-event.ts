// Builds the InspectedEvent detectors receive; text extraction runs once, on first use.
import type { GuardEvent } from "../wire/guard-event.ts";
import type { InspectedEvent, SessionFilesView } from "./detector.ts";
import { extractTexts, type ExtractedTexts } from "./text-fields.ts";

const NO_FILES: SessionFilesView = { size: 0, read: () => undefined };

/** `sessionFiles`: what the session's agent wrote earlier (none for an event judged on its own). */
export function createInspectedEvent(event: GuardEvent, sessionFiles: SessionFilesView = NO_FILES): InspectedEvent {
  let extracted: ExtractedTexts | undefined;
  const extract = () => (extracted ??= extractTexts(event.payload));
  return {
    event,
    encoding: event.content_encoding ?? "raw",
    texts: () => extract().fields,
    unextracted: () => extract().truncated,
    sessionFiles,
  };
}
