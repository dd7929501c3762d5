// Bot tokens in three dotted parts with no vendor prefix: Discord's `<id>.<timestamp>.<hmac>`
// (24-28, 6, 27-40 base64url characters). The fixed six-character middle is what tells one
// from a hostname or a dotted path; the parts must also look drawn (mixed case and digits).
import type { Budget } from "../../engine/budget.ts";
import { CATEGORIES, PRIORITIES, defineKind, type SecretHit } from "./secret-kind.ts";
import { countClasses, looksLikePlaceholderToken, shannonEntropy } from "./value-filters.ts";

const DISCORD_BOT_TOKEN = defineKind(
  "discord_bot_token", CATEGORIES.apiKey, "high", "DISCORD_TOKEN", "Discord bot token", PRIORITIES.provider,
);

// Starts only at the start of a run of token characters, so a long run is tried once.
const DOTTED = /(?<![A-Za-z0-9_.-])[A-Za-z0-9_-]{23,28}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,40}(?![A-Za-z0-9_.-])/g;
/** Cheap test that a text may hold one: a dot, six token characters, a dot. */
const GATE = /\.[A-Za-z0-9_-]{6}\./;

function isDrawn(token: string): boolean {
  const [id, , hmac] = token.split(".") as [string, string, string];
  return countClasses(id) === 3 && countClasses(hmac) >= 2 && shannonEntropy(token) >= 4 && !looksLikePlaceholderToken(token);
}

export function scanDottedTokens(text: string, hits: SecretHit[], budget: Budget): void {
  if (!GATE.test(text)) return;
  DOTTED.lastIndex = 0;
  for (let m = DOTTED.exec(text); m !== null && !budget.spent(); m = DOTTED.exec(text)) {
    if (isDrawn(m[0])) hits.push({ kind: DISCORD_BOT_TOKEN, start: m.index, end: m.index + m[0].length, score: 0.85 });
  }
}
