// Validation and version normalisation of inbound GuardEvents: raw JSON value in, either a
// normalised 0.5 event or the per-field details of `400 invalid_event`.
import { FormatRegistry } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { ValueErrorType, type ValueError } from "@sinclair/typebox/errors";
import { CURRENT_VERSION, GuardEvent } from "./guard-event.ts";

export interface FieldIssue {
  /** Dotted field name, e.g. `subject.attestation`, `provenance[0].trust`; `(event)` for the root. */
  field: string;
  message: string;
}

export type Validated<T> = { ok: true; value: T } | { ok: false; details: FieldIssue[] };

// RFC 3339 date-time in UTC ("Z" or +00:00), fractional seconds allowed.
const RFC3339_UTC =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:[Zz]|\+00:00)$/;

export function isRfc3339Utc(value: string): boolean {
  const m = RFC3339_UTC.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as number[];
  if (month! < 1 || month! > 12 || day! < 1 || hour! > 23 || minute! > 59 || second! > 60) return false;
  const daysInMonth = new Date(Date.UTC(year!, month!, 0)).getUTCDate();
  return day! <= daysInMonth;
}

FormatRegistry.Set("rfc3339-utc", isRfc3339Utc);

const compiled = TypeCompiler.Compile(GuardEvent);
const MAX_DETAILS = 20;

const fieldName = (pointer: string): string => {
  if (pointer === "") return "(event)";
  return pointer
    .slice(1)
    .split("/")
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part), "");
};

function describe(error: ValueError): string {
  const schema = error.schema as { const?: unknown; anyOf?: { const?: unknown }[]; minLength?: number };
  switch (error.type) {
    case ValueErrorType.Union:
      if (schema.anyOf?.every((s) => s.const !== undefined)) {
        return `must be one of ${schema.anyOf.map((s) => JSON.stringify(s.const)).join(", ")}`;
      }
      return error.message.toLowerCase();
    case ValueErrorType.ObjectRequiredProperty:
      return "is required";
    case ValueErrorType.ObjectAdditionalProperties:
      return "is not a known field";
    case ValueErrorType.StringMinLength:
      return schema.minLength === 1 ? "must not be empty" : error.message.toLowerCase();
    case ValueErrorType.StringFormat:
      return "must be an RFC 3339 UTC date-time, e.g. 2026-01-31T12:00:00Z";
    case ValueErrorType.StringPattern:
      return "must be a category id like security.secret_leak";
    default:
      return error.message.charAt(0).toLowerCase() + error.message.slice(1);
  }
}

function collectIssues(value: unknown): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const seen = new Set<string>();
  const missing = new Set<string>();
  for (const error of compiled.Errors(value)) {
    // A missing field fails its type check too; saying "is required" once is enough.
    if (missing.has(error.path)) continue;
    if (error.type === ValueErrorType.ObjectRequiredProperty) missing.add(error.path);
    const path = error.type === ValueErrorType.ObjectAdditionalProperties ? unknownKeyPath(error.path) : error.path;
    const issue = { field: fieldName(path), message: describe(error) };
    const key = `${issue.field}\0${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
    if (issues.length >= MAX_DETAILS) return issues;
  }
  return issues;
}

/** A key shaped like a field name (letters, `_`, `.`, `-`; no digits): safe to say back. */
const FIELD_LIKE = /^[A-Za-z_][A-Za-z_.-]{0,39}$/;

/**
 * An unknown key as an error names it: itself when it reads like a field name, else only its
 * length. A key is agent-controlled text like any other, and a credential sent as a key (or a
 * 100 KB one) must come back neither in the error nor in a log of it.
 */
const unknownKeyName = (key: string): string => (FIELD_LIKE.test(key) ? key : `(an unknown field of ${key.length} characters)`);

/** TypeBox reports each unknown key at its own path: the last segment is the key. */
function unknownKeyPath(path: string): string {
  const at = path.lastIndexOf("/");
  const key = path.slice(at + 1).replace(/~1/g, "/").replace(/~0/g, "~");
  return `${path.slice(0, at)}/${unknownKeyName(key).replace(/~/g, "~0").replace(/\//g, "~1")}`;
}

/** Rules the schema language cannot say (interface.md, Redaction and content_encoding). */
function checkCrossFieldRules(event: GuardEvent): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (event.content_encoding === "redacted" && event.redactions === undefined) {
    issues.push({ field: "redactions", message: "is required when content_encoding is redacted" });
  }
  event.redactions?.forEach((r, i) => {
    if (r.end < r.start) issues.push({ field: `redactions[${i}].end`, message: "must not be before start" });
  });
  return issues;
}

/** Renames categories that moved between versions (decisions.md: `safety.pii.*` -> `privacy.pii.*`). */
const normaliseCategory = (id: string): string =>
  id === "safety.pii" || id.startsWith("safety.pii.") ? `privacy${id.slice("safety".length)}` : id;

function normalise(event: GuardEvent): GuardEvent {
  if (event.svc_version === CURRENT_VERSION) return event;
  const redactions = event.redactions?.map((r) =>
    r.category === undefined ? r : { ...r, category: normaliseCategory(r.category) },
  );
  return { ...event, svc_version: CURRENT_VERSION, ...(redactions ? { redactions } : {}) };
}

/** Removes top-level `x.`-prefixed extension keys, which are ignored, never rejected. */
function withoutExtensions(value: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const key in value) {
    if (key.startsWith("x.")) {
      copy ??= { ...value };
      delete copy[key];
    }
  }
  return copy ?? value;
}

export function validateGuardEvent(value: unknown): Validated<GuardEvent> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { ok: false, details: [{ field: "(event)", message: "must be a JSON object" }] };
  }
  const candidate = withoutExtensions(value as Record<string, unknown>);
  if (!compiled.Check(candidate)) return { ok: false, details: collectIssues(candidate) };
  const event = candidate as GuardEvent;
  const crossField = checkCrossFieldRules(event);
  if (crossField.length) return { ok: false, details: crossField };
  return { ok: true, value: normalise(event) };
}
