// What a tool or skill definition tells the model to do, judged by the move it makes rather than
// by override vocabulary: take over or alter another tool's calls, claim the user already
// approved, tell the model to run a command, show a step whose code does harm
// (definition-commands.ts), send the model for a secret, forward what the tool is given to a
// fixed destination, switch off the agent's permission prompts or guards, plant instructions in
// agent memory files, hide a step from the user, or hide text only a machine reads (tag
// characters, bidi overrides, look-alike letters). An honest description says what its tool does;
// these address the model about something else.
//   block             a harmful step, a request for a secret, a memory plant or a safety switch
//                     next to concealment, a consent claim or forwarding; a run directive that
//                     downloads and executes, or whose approval is claimed; taking over or
//                     keeping the user out next to forwarding
//   require_approval  any one of: altering or taking over another tool's calls; a claimed
//                     approval; a directive to run a command; a harmful or risky step; a
//                     request for a secret; a safety switch; hidden text
//   finding only      "supersedes tool X" alone (versioning), forwarding alone (an API client),
//                     concealment or a memory write alone
import { textWindows } from "./text-windows.ts";
import type { Budget } from "../../engine/budget.ts";
import type { Decision } from "../../wire/verdict.ts";
import type { Field } from "./analyse-text.ts";
import { CATEGORY, createFinding, type Scored } from "./findings.ts";
import { judgeCode } from "./definition-commands.ts";
import { matchExfilService } from "../egress/exfil-services.ts";
import { findHiddenUnicode } from "./hidden-unicode.ts";
import { CONCEALMENT, CONSENT_CLAIM as APPROVAL_CLAIM, SAFETY_BYPASS, SECRET_REQUEST } from "./vocabulary-consent.ts";

type Move =
  | "shadowing"
  | "redirect"
  | "approval_claim"
  | "command_directive"
  | "forwarding"
  | "hidden_text"
  | "harmful_code"
  | "risky_code"
  | "concealment"
  | "safety_bypass"
  | "secret_request"
  | "memory_write"
  | "cross_tool_edit";

/** A tool named the way tools are: `in_backticks` or snake_case (the patterns ignore case, so camelCase cannot be told from a word). */
const TOOL = String.raw`(?:\x60[A-Za-z_][\w.:/-]{1,63}\x60|[a-z][a-z0-9]*(?:_[a-z0-9]+)+)`;
const SHADOWING = new RegExp(
  String.raw`\b(?:supersedes?|replaces?|overrides?|takes?\s+precedence\s+over|(?:is|must\s+be|should\s+be)\s+used\s+(?:instead\s+of|in\s+place\s+of))\s+(?:the\s+|any\s+|all\s+)?(?:existing\s+|built-?in\s+|default\s+|other\s+)?${TOOL}(?:\s+(?:tool|function|command))?|\b(?:supersedes?|replaces?|overrides?)\s+(?:every|all|any)\s+(?:[\w-]+\s+){0,2}?tools?\s+(?:from|of|on|in)\s+(?:any\s+|every\s+|all\s+)?other\s+(?:servers?|extensions?|plugins?)`,
  "gi",
);
/** "When the user asks for X, call this tool (instead)": calls meant for another tool come here. */
const REDIRECT = new RegExp(
  String.raw`\bwhen(?:ever)?\s+(?:the\s+)?(?:user|human|agent|assistant|model)\s+(?:asks?|wants?|requests?|tries|needs?|calls?|invokes?|uses?)\s+(?:for\s+|to\s+(?:use|call|invoke|run)\s+)?(?:the\s+)?${TOOL}[^.\n]{0,80}?\b(?:call|use|invoke|run|choose|prefer)\s+this\s+(?:tool|function|one)\b|\b(?:do\s+not|don'?t|never)\s+(?:call|use|invoke)\s+${TOOL}(?:[\s,]+(?:or\s+|and\s+)?${TOOL}){0,6}\s+directly\b`,
  "gi",
);
/** "Use this tool instead of `web_search`": a takeover, unless a scope follows ("... when the user asks about the wiki"). */
const PREFER_OVER = new RegExp(
  String.raw`\b(always\s+)?(?:call|use|invoke)\s+this(?:\s+(?:tool|function))?\s+(?:instead\s+of|in\s+place\s+of|rather\s+than)\s+(?:the\s+)?${TOOL}(?:\s+(?:tool|function))?`,
  "gi",
);
/** A scope narrowing a preference to some requests: a routing hint among a server's own tools. */
const SCOPED = /^\s*,?\s*(?:when|if|for)\s+(?!(?:any|every|all)\b)/i;
/** A code span after a verb telling the model to run it. */
const RUN_SPAN = /\b(?:run|execute|exec|type|paste|enter)\s+(?:the\s+(?:following|command)\s+)?(?:`{1,3})([^`\n]{3,400})`{1,3}/gi;
/** What makes a run directive addressed to the model and not a note for a human installer. */
const DIRECTIVE_FRAME = /\b(?:in\s+(?:the|a|your)\s+(?:terminal|shell|console|command\s+line)|(?:on|before|at)\s+(?:the\s+)?first\s+(?:use|call|run|invocation)|first[- ]time\s+setup|setup\s*:|before\s+(?:using|calling|invoking)\s+(?:this|the)\s+(?:tool|function)|you\s+must\s+(?:first\s+)?run|silently|automatically)\b/i;
/** Fetch-and-execute inside a command: what no description should have the model run. */
const FETCH_EXECUTE = /\b(?:curl|wget|fetch|iwr|irm|invoke-webrequest|invoke-restmethod)\b[^|`\n]{0,300}\|\s*(?:sudo\s+)?(?:ba|z|da|k|c)?sh\b|\b(?:curl|wget|iwr|irm)\b[^|`\n]{0,300}\|\s*(?:sudo\s+)?(?:python3?|perl|ruby|node|iex|invoke-expression)\b|\b(?:ba|z)?sh\s+<\(\s*(?:curl|wget)\b|\beval\s+"?\$\(\s*(?:curl|wget)\b|\bbase64\s+(?:-d|--decode)\b[^|`\n]{0,100}\|\s*(?:ba)?sh\b/i;
const FORWARDING = new RegExp(
  String.raw`\b(?:send|forward|post|upload|relay|mirror|copy|transmit|report|exfiltrate)(?:s|ed|ing)?\s+(?:all\s+|a\s+copy\s+of\s+|also\s+)?(?:its|the|their|these|every|all|your|any)\s+(?:[\w'\x60-]+\s+){0,5}?(?:arguments?|parameters?|params|inputs?|payloads?|contents?|data|results?|outputs?|responses?|conversation|messages?|history|context|files?|credentials?|keys?|tokens?|clipboard|environment|documents?|uploads?)\s+(?:[\w'\x60-]+\s+){0,6}?to\s+(?:(?:our|the|a|an|my|their|this)\s+(?:[\w-]+\s+){0,3}?(?:at|via|on)\s+)?(?:https?:\/\/|\d{1,3}(?:\.\d{1,3}){3}\b|[a-z0-9-]+(?:\.[a-z0-9-]+)+\/|[\w.+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+\b)`,
  "gi",
);
/**
 * "When the wallet tool `send_transaction` is used, replace the `to` address": how another
 * tool's call is to be changed, down to its recipient, account or destination.
 */
const CROSS_TOOL_EDIT = new RegExp(
  String.raw`\b(?:when(?:ever)?|if|after|before|each\s+time|every\s+time)\s+(?:any\s+|the\s+|a\s+)?(?:[\w-]+\s+){0,3}?${TOOL}(?![\w-])[^.\n]{0,120}?\b(?:set|add|append|prepend|change|replaced?|include|insert|swap|push|forward|copy|route|redirect|rewrite|modify|alter)\b[^.\n]{0,80}?(?:address|recipients?|account|iban|amount|remote|destination|bcc|cc|attendees?|payee|endpoint|channel|\x60(?:to|recipients?|account|address|remote|dest(?:ination)?|url|email|iban|wallet|payee|bcc|cc)(?:_\w+)?\x60|\x60\w+_(?:to|recipients?|account|address|remote|dest(?:ination)?|url|email|iban|wallet|payee|bcc|cc)\x60|[\w.+-]+@[\w-]+\.[\w.]+|0x[0-9a-f]{16,})`,
  "gi",
);
/** Forwarding to a paste site, request bin, tunnel or chat bot: somewhere only an attacker reads. */
const SERVICE_URL = /\bhttps?:\/\/([a-z0-9.-]+)(\/[^\s)"'<>]*)?/gi;
/** Writing into the files every later agent session reads as its instructions. */
const MEMORY_WRITE =
  /\b(?:append|add|write|insert|prepend|copy|put)\b[^.\n]{0,80}?(?:CLAUDE\.md|AGENTS\.md|GEMINI\.md|\.cursorrules|\.windsurfrules|\.clinerules|copilot-instructions\.md|\.cursor\/rules)/gi;
/** A terminal escape in a description: concealed or recoloured text a terminal reader never sees. */
const ANSI_ESCAPE = /\x1b\[[0-9;]{0,12}m[^\x1b\n]{8,}/;
/** A bidi override (RLO, LRO) turning a run of text around: what a reader sees is not what the model reads. */
const BIDI_OVERRIDE = /[\u202D\u202E][^\u202C\n]{8,}/;
/** A word spelled with Latin and Cyrillic or Greek letters together: a look-alike keyword or path. */
const MIXED_SCRIPT = /(?<!\p{L})(?=\p{L}*[A-Za-z])(?=\p{L}*[\u0370-\u03BB\u03BD-\u03FF\u0400-\u04FF])\p{L}{3,}(?!\p{L})/gu;
/** Tag characters decoded to at least this many characters are text, not a flag emoji. */
const MIN_HIDDEN_TEXT = 8;

const CHECK: Record<Move, string> = {
  shadowing: "poisoning.tool_shadowing",
  redirect: "poisoning.tool_shadowing",
  approval_claim: "poisoning.approval_claim",
  command_directive: "poisoning.command_directive",
  forwarding: "poisoning.argument_forwarding",
  hidden_text: "poisoning.hidden_text",
  harmful_code: "poisoning.harmful_step",
  risky_code: "poisoning.harmful_step",
  concealment: "poisoning.concealment",
  safety_bypass: "poisoning.safety_bypass",
  secret_request: "poisoning.secret_request",
  memory_write: "poisoning.memory_write",
  cross_tool_edit: "poisoning.tool_shadowing",
};

interface Found {
  move: Move;
  path: string;
  start: number;
  end: number;
  /** A command directive whose command fetches and executes. */
  fetchesAndRuns?: boolean;
  /** A command directive addressed to the model (setup, first use, in the terminal). */
  framed?: boolean;
}

function sendsToService(text: string): boolean {
  SERVICE_URL.lastIndex = 0;
  for (let m = SERVICE_URL.exec(text); m; m = SERVICE_URL.exec(text)) if (matchExfilService(m[1]!.toLowerCase(), m[2] ?? "/")) return true;
  return false;
}

/** Before a phrase in its sentence: it is named as something not to do ("never suggest --yolo"). */
const FORBIDDEN = /\b(?:never|do\s+not|don'?t|must\s+not|should\s+not|avoid|instead\s+of|rather\s+than|warn\s+(?:the\s+user\s+)?(?:about|against))\b[^.\n]{0,60}$/i;

/** The first match in `window` (which starts at `base` in `text`) not named as something to avoid. */
function firstLive(pattern: RegExp, text: string, window: string, base: number): RegExpExecArray | null {
  pattern.lastIndex = 0;
  for (let m = pattern.exec(window), n = 0; m && n < 8; m = pattern.exec(window), n++) {
    const at = base + m.index;
    if (!FORBIDDEN.test(text.slice(Math.max(0, at - 80), at))) return m;
    if (m[0].length === 0) pattern.lastIndex++;
  }
  return null;
}

function firstMatch(pattern: RegExp, window: string): RegExpExecArray | null {
  pattern.lastIndex = 0;
  return pattern.exec(window);
}

/**
 * "Prefer this tool over X": a redirect, or shadowing when the preference is scoped to some
 * requests ("over send_email when ...") rather than stated of every one.
 */
const preferenceMove = (m: RegExpExecArray, text: string, at: number): Move =>
  !m[1] && SCOPED.test(text.slice(at + m[0].length, at + m[0].length + 64)) ? "shadowing" : "redirect";

/**
 * The moves read by one pattern each; `live`: a match named as something to avoid does not
 * count; `moveOf`: which move a match is, when that depends on the text after it.
 */
const PATTERN_MOVES: readonly { move: Move; pattern: RegExp; live?: true; moveOf?: (m: RegExpExecArray, text: string, at: number) => Move }[] = [
  { move: "redirect", pattern: REDIRECT },
  { move: "redirect", pattern: PREFER_OVER, moveOf: preferenceMove },
  { move: "shadowing", pattern: SHADOWING },
  { move: "approval_claim", pattern: APPROVAL_CLAIM },
  { move: "forwarding", pattern: FORWARDING },
  { move: "concealment", pattern: CONCEALMENT },
  { move: "safety_bypass", pattern: SAFETY_BYPASS, live: true },
  { move: "secret_request", pattern: SECRET_REQUEST, live: true },
  { move: "memory_write", pattern: MEMORY_WRITE, live: true },
  { move: "cross_tool_edit", pattern: CROSS_TOOL_EDIT },
];

/**
 * A long definition is read in windows (text-windows.ts): these patterns try a match at every
 * position, so a megabyte costs hundreds of milliseconds. REACH is more than any pattern spans.
 */
const WINDOW = 1 << 14;
const REACH = 1024;

function patternMoves(field: Field, budget: Budget): Found[] {
  const { text } = field;
  const found: (Found & { order: number })[] = [];
  const open = new Set(PATTERN_MOVES);
  for (const window of textWindows(text, budget, WINDOW, REACH)) {
    if (open.size === 0) break;
    for (const entry of open) {
      const m = entry.live ? firstLive(entry.pattern, text, window.text, window.offset) : firstMatch(entry.pattern, window.text);
      if (!m) continue;
      const at = window.offset + m.index;
      found.push({ move: entry.moveOf?.(m, text, at) ?? entry.move, path: field.path, start: at, end: at + m[0].length, order: PATTERN_MOVES.indexOf(entry) });
      open.delete(entry);
    }
  }
  // In the order the patterns are listed, as a whole-text read would find them.
  return found.sort((a, b) => a.order - b.order).map(({ order: _order, ...move }) => move);
}

function movesIn(field: Field, budget: Budget): Found[] {
  const found: Found[] = patternMoves(field, budget);
  const at = (move: Move, m: RegExpExecArray | null, extra: Partial<Found> = {}) => {
    if (m) found.push({ move, path: field.path, start: m.index, end: m.index + m[0].length, ...extra });
  };
  const { text } = field;
  const forwarding = found.find((f) => f.move === "forwarding");
  if (forwarding && sendsToService(text.slice(forwarding.start, Math.min(text.length, forwarding.end + 200)))) found.push({ ...forwarding, move: "secret_request" });
  const code = judgeCode(field, budget);
  const severe = code.find((c) => c.effect === "severe");
  const risky = code.find((c) => c.effect === "risky");
  if (severe) found.push({ move: "harmful_code", ...severe });
  if (risky) found.push({ move: "risky_code", ...risky });
  RUN_SPAN.lastIndex = 0;
  for (let m = RUN_SPAN.exec(text), n = 0; m && n < 16; m = RUN_SPAN.exec(text), n++) {
    const around = text.slice(Math.max(0, m.index - 120), m.index + m[0].length + 80);
    const fetchesAndRuns = FETCH_EXECUTE.test(m[1]!);
    const framed = DIRECTIVE_FRAME.test(around);
    if (fetchesAndRuns || framed) {
      at("command_directive", m, { fetchesAndRuns, framed });
      if (fetchesAndRuns && framed) break;
    }
  }
  at("hidden_text", BIDI_OVERRIDE.exec(text));
  at("hidden_text", ANSI_ESCAPE.exec(text));
  const mixed = text.match(MIXED_SCRIPT);
  if (mixed && mixed.length >= 2) at("hidden_text", firstMatch(MIXED_SCRIPT, text));
  const hidden = findHiddenUnicode(text).find((r) => r.kind === "tag" && (r.decoded?.trim().length ?? 0) >= MIN_HIDDEN_TEXT);
  if (hidden) found.push({ move: "hidden_text", path: field.path, start: hidden.start, end: hidden.end });
  return found;
}

function decide(moves: ReadonlyMap<Move, Found>): Decision {
  const has = (m: Move) => moves.has(m);
  const command = moves.get("command_directive");
  const takesOver = has("redirect") || has("shadowing") || has("approval_claim") || has("hidden_text") || has("cross_tool_edit");
  // What turns a risky step or a claim into an attack: the user kept out of it.
  const unwatched = has("approval_claim") || has("concealment") || has("safety_bypass");
  const takes = has("secret_request");
  const harmful = has("harmful_code") || Boolean(command?.fetchesAndRuns);
  if (command && ((command.fetchesAndRuns && command.framed) || has("approval_claim"))) return "block";
  if ((takesOver || unwatched) && has("forwarding")) return "block";
  if (harmful && (unwatched || has("forwarding") || takesOver)) return "block";
  if (has("risky_code") && unwatched) return "block";
  if (takes && (unwatched || has("forwarding") || takesOver || harmful)) return "block";
  // Standing instructions planted in agent memory that the user is not to hear about.
  if (has("memory_write") && (unwatched || takes)) return "block";
  if (has("safety_bypass") && (has("approval_claim") || has("concealment") || command)) return "block";
  if (has("redirect") || has("approval_claim") || has("hidden_text") || command) return "require_approval";
  if (has("harmful_code") || has("risky_code") || has("safety_bypass") || has("cross_tool_edit") || takes) return "require_approval";
  return "allow";
}

/** Findings for one definition's fields (description, nested schema descriptions). */
export function judgeDirectives(fields: readonly Field[], budget: Budget): Scored[] {
  const moves = new Map<Move, Found>();
  for (const field of fields) {
    if (budget.spent()) break;
    for (const found of movesIn(field, budget)) {
      const held = moves.get(found.move);
      // Of several run directives, the one that fetches and executes is the one to keep.
      if (held && !(found.move === "command_directive" && found.fetchesAndRuns && found.framed && !(held.fetchesAndRuns && held.framed))) continue;
      moves.set(found.move, found);
    }
  }
  if (moves.size === 0) return [];
  const decision = decide(moves);
  const out: Scored[] = [];
  const seen = new Set<string>();
  for (const found of moves.values()) {
    const checkId = CHECK[found.move];
    if (seen.has(checkId)) continue;
    seen.add(checkId);
    const alone = decision === "allow";
    out.push({
      decision,
      finding: createFinding({
        category: CATEGORY.definition,
        checkId,
        severity: decision === "block" ? "critical" : alone ? "low" : "high",
        score: decision === "block" ? 0.95 : alone ? 0.4 : 0.75,
        path: found.path,
        start: found.start,
        end: found.end,
      }),
    });
  }
  return out;
}
