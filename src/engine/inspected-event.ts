// Builds the InspectedEvent detectors receive; text extraction runs once, on first use.
import type { GuardEvent } from "../wire/guard-event.ts";
import type { InspectedEvent } from "./detector.ts";
import { extractTexts, type ExtractedTexts } from "./text-fields.ts";

export function createInspectedEvent(event: GuardEvent): InspectedEvent {
  let extracted: ExtractedTexts | undefined;
  const extract = () => (extracted ??= extractTexts(event.payload));
  return {
    event,
    encoding: event.content_encoding ?? "raw",
    texts: () => extract().fields,
    unextracted: () => extract().truncated,
  };
}
