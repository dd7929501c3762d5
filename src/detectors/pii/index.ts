// The PII detector: finds personal data (emails, phones, postal addresses, cards, IBANs and bank
// accounts, national and tax ids, passport and licence numbers, health and insurance ids, public IPs, dates of birth,
// the names records are about) in every text field of an event, in prose and in tables, and asks
// the engine to redact it. Findings carry offsets only; no matched value ever leaves
// this module.
import { Type, type Static } from "@sinclair/typebox";
import { budgetOf, spentAtStep, noteUnjudged, type Budget } from "../../engine/budget.ts";
import type { DetectorDefinition, DetectorOutcome, InspectedEvent, RedactionRequest } from "../../engine/detector.ts";
import { KINDS } from "../../wire/guard-event.ts";
import { maskSpans, spanFinding, spanRedaction } from "../span-hits.ts";
import type { Finding } from "../../wire/verdict.ts";
import { fieldKeyOf } from "./context.ts";
import { PII_KINDS, type FieldContext } from "./pii-kind.ts";
import { scanText, selectScanners } from "./scan-text.ts";
import { MAX_HITS_PER_FIELD } from "./pii-kind.ts";
import { fieldViews } from "../decoding/decoded-views.ts";
import type { TextField } from "../../engine/text-fields.ts";
import { encodedNote, isEncodedFinding, markEncoded, noteOverHits, noteUndecoded, scanViews } from "../decoding/scan-views.ts";

const DETECTOR_ID = "pii";
/** How much of the preceding argv an `exec` argument keeps as context (`ssh -i key user@host`). */
const ARGV_CONTEXT = 200;

export const PiiConfig = Type.Object(
  {
    /** `redact`: ask for every hit to be replaced; `allow`: report findings, let policy decide. */
    action: Type.Optional(Type.Union([Type.Literal("redact"), Type.Literal("allow")])),
    /** Checks to turn off, by check id (`pii.ip_address`) or category prefix (`privacy.pii.phone_number`). */
    categories: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 128 }), { maxItems: 64 })),
  },
  { additionalProperties: false },
);
export type PiiConfig = Static<typeof PiiConfig>;

const DEFAULTS: Required<PiiConfig> = { action: "redact", categories: [] };


/** Spans of a `redacted` event that are placeholders already, grouped by payload path. */
function groupRedactedSpans(input: InspectedEvent): Map<string, { start: number; end: number }[]> | undefined {
  const redactions = input.event.redactions;
  if (input.encoding !== "redacted" || !Array.isArray(redactions) || redactions.length === 0) return undefined;
  const byPath = new Map<string, { start: number; end: number }[]>();
  for (const redaction of redactions) {
    if (typeof redaction !== "object" || redaction === null) continue;
    const spans = byPath.get(redaction.path) ?? [];
    spans.push({ start: redaction.start, end: redaction.end });
    byPath.set(redaction.path, spans);
  }
  return byPath;
}

/** "email, phone_number": the refinements found, for a reason line without values. */
const describeCategories = (findings: readonly Finding[]): string =>
  [...new Set(findings.map((f) => f.category.slice("privacy.pii.".length)))].sort().join(", ");

function summarise(findings: Finding[], redactions: RedactionRequest[], action: "redact" | "allow"): DetectorOutcome {
  if (findings.length === 0) {
    return { decision: "allow", reasons: ["no personal data found in text fields"], findings };
  }
  const outcome: DetectorOutcome = {
    decision: action,
    reasons: [`${findings.length} personal data value(s) found: ${describeCategories(findings)}${encodedNote(findings)}`],
    findings,
    confidence: Math.max(...findings.map((f) => f.score ?? 0)),
  };
  if (action === "redact") outcome.redactions = redactions;
  return outcome;
}

type Scanners = ReturnType<typeof selectScanners>;

/**
 * The personal data of one field, read in every view of it (decoded-views.ts), each with the
 * field's context: a decoded value needs the same context words and checksums as a plain one.
 */
function scanField(fields: readonly TextField[], index: number, scanned: string, context: FieldContext, scanners: Scanners, budget: Budget) {
  const { path, text } = fields[index]!;
  const { views, undecoded } = fieldViews(fields, index, scanned, budget);
  const findings: Finding[] = [];
  const redactions: RedactionRequest[] = [];
  const hits = scanViews(views, (view) => scanText(view, context, scanners, budget), MAX_HITS_PER_FIELD, budget);
  for (const hit of hits) {
    findings.push(markEncoded(spanFinding(hit, path, DETECTOR_ID), hit.encoded));
    redactions.push(spanRedaction(hit, path, text));
  }
  return { findings, redactions, undecoded, capped: hits.length >= MAX_HITS_PER_FIELD };
}

function inspectEvent(input: InspectedEvent, action: "redact" | "allow", scanners: Scanners): DetectorOutcome {
  const redactedSpans = groupRedactedSpans(input);
  const isNetwork = input.event.kind === "network";
  const isExec = input.event.kind === "exec";
  const findings: Finding[] = [];
  const redactions: RedactionRequest[] = [];
  let argvBefore = "";
  const budget = budgetOf(input);
  const unscanned: string[] = [];
  const undecoded: string[] = [];
  const capped: string[] = [];
  const fields = input.texts();
  for (const [index, { path, text }] of fields.entries()) {
    // The field the deadline fell in, and every one after it, was not fully scanned.
    if (unscanned.length > 0 || spentAtStep(budget, text.length)) {
      unscanned.push(path);
      continue;
    }
    const isArgv = isExec && path.startsWith("payload.argv[");
    const context: FieldContext = {
      key: fieldKeyOf(path),
      isNetworkHost: isNetwork && path === "payload.host",
      argvBefore: isArgv ? argvBefore : "",
    };
    if (isArgv) argvBefore = `${argvBefore}${text.slice(0, ARGV_CONTEXT)} `.slice(-ARGV_CONTEXT);
    const field = scanField(fields, index, maskSpans(text, redactedSpans?.get(path)), context, scanners, budget);
    findings.push(...field.findings);
    redactions.push(...field.redactions);
    if (field.undecoded) undecoded.push(path);
    if (field.capped) capped.push(path);
    if (budget.cutOff) unscanned.push(path);
  }
  dropActionAddresses(input, findings, redactions);
  const outcome = summarise(findings, redactions, action);
  return noteOverHits(noteUndecoded(noteUnjudged(outcome, input.unextracted(), unscanned), undecoded), capped, MAX_HITS_PER_FIELD);
}

/** How far into a command a network sender is looked for. */
const MAX_COMMAND_SNIFF = 4096;
/** At most this many addresses make an action's own: more is a list of people. */
const MAX_ACTION_ADDRESSES = 3;
/** Tool-call arguments that name who a message goes to or who an identity is. */
const ADDRESS_KEY = /^(?:to|cc|bcc|from|sender|reply to|recipients?|attendees?|invitees?|email|user email|author|author email|committer|committer email|assignee|reviewers?|owner)$/;
const COMMAND_KEY = /^(?:command|cmd|script)$/;
/**
 * A command that moves data: sends it over the network, or writes its output to a file. An
 * address in it may be the data leaving or being stored, not the command's own.
 */
const MOVES_DATA = /(?:^|[\s;|&(/])(?:curl|wget|http|https|httpie|xh|nc|ncat|netcat|socat|invoke-webrequest|invoke-restmethod|iwr|irm|tee)(?=\s|$)/i;
/** A shell redirection of output into a file (`echo x >> contacts.txt`); argv has none. */
const REDIRECTS_OUTPUT = /(?:^|\s)\d?>>?\|?\s*[^\s>&]/;

/**
 * The email addresses an action itself carries: a command's identity or recipient
 * (`git config user.email`, `ssh-keygen -C`, `git commit --author`) and the `to` of a
 * send-mail call. The model already wrote them, and masking them would change what runs: the
 * commit gets a placeholder author, the reply goes nowhere. A handful in such a field are left
 * alone. Still personal data to redact: a list of people (more than three in the event), an
 * address in a command that sends data over the network or into a file, an address spelled in
 * an encoding, any other field of the event, and every address in what a tool returns.
 */
function dropActionAddresses(input: InspectedEvent, findings: Finding[], redactions: RedactionRequest[]): void {
  const kind = input.event.kind;
  if (kind !== "tool_call" && kind !== "exec") return;
  const emails = findings.filter((f) => f.check_id === PII_KINDS.email.checkId);
  if (emails.length === 0 || emails.length > MAX_ACTION_ADDRESSES) return;
  const texts = input.texts();
  const command = kind === "exec" ? texts.filter((t) => t.path.startsWith("payload.argv[")).map((t) => t.text).join(" ") : texts.find((t) => t.path.startsWith("payload.arguments") && COMMAND_KEY.test(fieldKeyOf(t.path)))?.text ?? "";
  const head = command.slice(0, MAX_COMMAND_SNIFF);
  if (MOVES_DATA.test(head) || (kind === "tool_call" && REDIRECTS_OUTPUT.test(head))) return;
  const own = (path: string) =>
    kind === "exec" ? path.startsWith("payload.argv[") : path.startsWith("payload.arguments") && (COMMAND_KEY.test(fieldKeyOf(path)) || ADDRESS_KEY.test(fieldKeyOf(path)));
  for (let i = findings.length - 1; i >= 0; i--) {
    const found = findings[i]!;
    // An address spelled in another alphabet or encoding is hidden, not the action's own.
    if (found.check_id !== PII_KINDS.email.checkId || found.path === undefined || isEncodedFinding(found) || !own(found.path)) continue;
    findings.splice(i, 1);
    const at = redactions.findIndex((r) => r.path === found.path && r.start === found.start && r.end === found.end);
    if (at !== -1) redactions.splice(at, 1);
  }
}

export const piiDetector: DetectorDefinition<PiiConfig> = {
  id: DETECTOR_ID,
  description:
    "Finds personal data (emails, phone numbers, postal addresses, payment cards, IBANs and bank accounts, national and tax ids, passport and licence numbers, health and insurance ids, public IPs, dates of birth, names of a record's subject) and asks for its redaction.",
  judges: ["privacy"],
  kinds: KINDS,
  encodings: ["raw", "redacted"],
  configSchema: PiiConfig,
  defaultConfig: { action: DEFAULTS.action, categories: [] },
  create(config) {
    const action = config?.action ?? DEFAULTS.action;
    const scanners = selectScanners(config?.categories ?? []);
    return { inspect: (input) => inspectEvent(input, action, scanners) };
  },
};
