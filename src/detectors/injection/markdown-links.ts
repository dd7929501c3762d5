// Finds markdown images/links and HTML <img> tags with an absolute URL, by indexOf and bounded
// look-back, so a text full of brackets cannot make the search quadratic.
import type { Budget } from "../../engine/budget.ts";

export interface LinkRef {
  /** Span of the whole `![alt](url` or `<img ... src=url`. */
  start: number;
  end: number;
  image: boolean;
  url: string;
}

const MAX_LINKS = 64;
const MAX_ALT = 500;
/** Bracket pairs looked at per text, so decoys cannot buy unbounded look-back work. */
const MAX_ATTEMPTS = 1024;
const MAX_URL = 2048;
const URL_START = /^\s*<?((?:https?:)?\/\/)/i;

function readUrl(text: string, from: number): string {
  let end = from;
  let placeholder = false;
  const limit = Math.min(text.length, from + MAX_URL);
  while (end < limit) {
    const c = text[end];
    // `?q=<the user's question>`: a placeholder to fill runs to its own `>`, apostrophes and all.
    if (c === "<" && end > from) placeholder = true;
    else if (placeholder && (c === ">" || c === "'")) {
      if (c === ">") placeholder = false;
      end++;
      continue;
    }
    if (c === ")" || c === "\n" || c === ">" || c === '"' || c === "'") break;
    end++;
  }
  // `(url "title")`: a space followed by a quote starts the title.
  return text.slice(from, end).replace(/\s+$/, "");
}

function findMarkdownLinks(text: string, out: LinkRef[]): void {
  let from = 0;
  for (let attempts = 0; attempts < MAX_ATTEMPTS && out.length < MAX_LINKS; attempts++) {
    const mid = text.indexOf("](", from);
    if (mid < 0) return;
    from = mid + 2;
    const before = text.slice(Math.max(0, mid - MAX_ALT), mid);
    const open = before.lastIndexOf("[");
    if (open < 0 || before.indexOf("\n", open) >= 0) continue;
    const head = URL_START.exec(text.slice(from, from + 16));
    if (!head) continue;
    const urlStart = from + head[0].length - head[1]!.length;
    const url = readUrl(text, urlStart);
    const start = mid - before.length + open;
    const image = text[start - 1] === "!";
    const close = text.indexOf(")", urlStart + url.length);
    const end = close >= 0 && close - (urlStart + url.length) <= 200 ? close + 1 : urlStart + url.length;
    out.push({ start: image ? start - 1 : start, end, image, url });
  }
}

function findHtmlImages(text: string, out: LinkRef[], budget: Budget): void {
  let from = 0;
  const lower = /<img\b/gi;
  while (out.length < MAX_LINKS && !budget.spent()) {
    lower.lastIndex = from;
    const m = lower.exec(text);
    if (!m) return;
    from = m.index + 4;
    const tag = text.slice(m.index, Math.min(text.length, m.index + 600));
    const src = /\bsrc\s*=\s*["']?((?:https?:)?\/\/)/i.exec(tag);
    if (!src) continue;
    const urlStart = m.index + src.index + src[0].length - src[1]!.length;
    const url = readUrl(text, urlStart);
    out.push({ start: m.index, end: urlStart + url.length, image: true, url });
  }
}

/** Every image or link with an absolute URL, at most 64 per text; fewer once `budget` is spent. */
export function findLinks(text: string, budget: Budget): LinkRef[] {
  const out: LinkRef[] = [];
  if (text.includes("](")) findMarkdownLinks(text, out);
  if (/<img\b/i.test(text)) findHtmlImages(text, out, budget);
  return out;
}
