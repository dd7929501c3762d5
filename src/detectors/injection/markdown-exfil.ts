// Markdown/HTML images and links that can carry data out when rendered. In untrusted data the
// danger is a template the model is asked to fill (`?q={conversation}`); in model output it is a
// URL that already carries data (base64 prose, sensitive words, a data-named parameter). Images
// load without a click, so they weigh more than links. Scoring (thresholds in signal-kind.ts):
// a bare image scores nothing; each feature adds (placeholder 0.55, templating instruction 0.3,
// decoded text 0.4, capture host 0.3, data-named parameter 0.1-0.25, prose 0.2, secrets 0.2).
import type { Budget } from "../../engine/budget.ts";
import { rateDocumentation } from "./doc-context.ts";
import { decodeBase64 } from "../decoding/base64.ts";
import { isReadable } from "./encoded-payloads.ts";
import { findLinks, type LinkRef } from "./markdown-links.ts";

export type LinkMode = "data" | "output";

export interface ExfilHit {
  start: number;
  end: number;
  score: number;
}

const PLACEHOLDER =
  /\{\{?\s*[A-Za-z_][\w .-]{0,40}\}\}?|\[[A-Z][A-Z0-9_ ]{1,40}\]|<[A-Za-z_][\w .'-]{1,40}>|\$\{(?!SVC_)[A-Za-z_]\w{0,40}\}|\$(?!SVC_)[A-Z][A-Z0-9_]{2,40}\b|\b(?:INSERT|YOUR|PUT|REPLACE)[_ -][A-Z_]{2,}/;
const STRONG_PARAM = /^(?:d|data|dat|secret|secrets|pw|pwd|pass|password|leak|exfil|stolen|info|history|hist|chat|conv\w*|summary|memory|mem|prompt|payload|creds?|credentials?|cookies?|session|ssn|apikey|api_key|keys?)$/i;
const WEAK_PARAM = /^(?:q|query|text|t|content|c|msg|message|m|p|x|s|u|user|email|e|v|val|value|body)$/i;
const CAPTURE_HOST =
  /(?:^|\.)(?:webhook\.site|requestbin\.\w+|pipedream\.net|ngrok(?:-free)?\.(?:app|io|dev)|burpcollaborator\.net|oastify\.com|interact\.sh|oast\.(?:fun|me|pro|live|site|online)|requestcatcher\.com|hookbin\.com|beeceptor\.com|trycloudflare\.com|loca\.lt|serveo\.net|canarytokens\.com|requestrepo\.com|hooks\.zapier\.com)$|^\d{1,3}(?:\.\d{1,3}){3}$/i;
const SENSITIVE_WORDS = /\b(?:password|passwd|secret|api[\s_-]?key|token|ssn|social\s+security|credit\s+card|private\s+key|credentials?)\b|[\w.+-]+@[\w-]+\.\w/i;
const TEMPLATING =
  /\b(?:replace|substitut\w*|fill\s+in|where\s+\S+\s+is|append\w*|encod\w*|base64|concatenat\w*)\b[^\n]{0,120}?\b(?:data|conversation|history|summary|password|secrets?|keys?|tokens?|email|info\w*|context|messages?|chat|previous|user)\b/i;

const DATA_WORD =
  /data|conv|history|summary|secret|pass|key|token|email|info|context|message|chat|memory|user|prompt|content|result|output|phone|ssn|card|cookie|session|credential/i;

const HOST = /^(?:https?:)?\/\/(?:[^@/?#\s]*@)?\[?([^/?#:\s\]]+)/i;

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, " "));
  } catch {
    return value;
  }
}

const isAllowedHost = (host: string, allowed: readonly string[]): boolean =>
  allowed.some((a) => host === a || host.endsWith(`.${a}`));

/** Data a URL already carries: readable base64, sensitive words, data-named or prose parameters. */
function scoreCarriedData(url: string, image: boolean): number {
  const query = url.slice(url.indexOf("?") + 1 || url.length).split("#")[0]!;
  const parts = url.split(/[?#]/)[0]!.split("/").slice(3).map((seg) => ["", seg] as const);
  let score = 0;
  for (const pair of [...query.split("&").map((kv) => kv.split("=", 2)), ...parts].slice(0, 32)) {
    const [name = "", raw = ""] = pair;
    const value = safeDecode(raw);
    if (value.length < 12) continue;
    const b64 = /^[A-Za-z0-9+/_-]{16,}={0,2}$/.test(raw) ? decodeBase64(raw) : undefined;
    const readable = b64 !== undefined && isReadable(b64, 1) ? b64 : undefined;
    const strong = STRONG_PARAM.test(name);
    const sensitive = SENSITIVE_WORDS.test(readable ?? value);
    let s = readable ? 0.4 : 0;
    if (strong) s += 0.25;
    else if (WEAK_PARAM.test(name) && value.length >= 24) s += 0.1;
    // Prose in an image URL is how a model smuggles what it read, when named or sensitive.
    if (image && (strong || sensitive) && (value.match(/ /g)?.length ?? 0) >= 3) s += 0.2;
    if (sensitive) s += 0.2;
    score = Math.max(score, s);
  }
  return score;
}

/** A template asking for conversation data weighs most; `{id}` in an API path is ordinary. */
function scorePlaceholder(url: string): number {
  const m = PLACEHOLDER.exec(url);
  if (!m) return 0;
  if (DATA_WORD.test(m[0])) return 0.55;
  return url.indexOf("?") >= 0 && m.index > url.indexOf("?") ? 0.35 : 0.15;
}

function scoreLink(text: string, link: LinkRef, mode: LinkMode): number {
  const host = HOST.exec(link.url)?.[1]?.toLowerCase() ?? "";
  let features = mode === "output" ? scoreCarriedData(link.url, link.image) : 0;
  if (CAPTURE_HOST.test(host)) features += 0.3;
  if (mode === "data") {
    features += scorePlaceholder(safeDecode(link.url));
    const around = text.slice(Math.max(0, link.start - 300), Math.min(text.length, link.end + 300));
    if (TEMPLATING.test(around)) features += 0.3;
    // An article showing the attack is not the attack.
    features *= rateDocumentation(text, link.start, link.end);
  }
  if (features === 0) return 0;
  return Math.min(1, (link.image ? 0.3 : mode === "data" ? 0.15 : 0.1) + features);
}

/** Images and links in `text` scored as exfiltration channels, skipping allow-listed hosts. */
export function findMarkdownExfil(text: string, mode: LinkMode, allowed: readonly string[], budget: Budget): ExfilHit[] {
  const hits: ExfilHit[] = [];
  for (const link of findLinks(text, budget)) {
    const host = HOST.exec(link.url)?.[1]?.toLowerCase() ?? "";
    if (!host || isAllowedHost(host, allowed)) continue;
    const score = scoreLink(text, link, mode);
    if (score > 0) hits.push({ start: link.start, end: link.end, score });
  }
  return hits;
}
