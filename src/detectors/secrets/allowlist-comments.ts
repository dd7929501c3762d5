// Inline allowlist comments that secret scanners share: detect-secrets' `pragma: allowlist secret`
// (and `pragma: allowlist nextline secret` for the line below it), gitleaks' `gitleaks:allow`,
// trufflehog's `trufflehog:ignore`, bandit's `nosec` and ruff's or flake8's `noqa: S105`-`S107`
// (bandit's hard-coded password checks). A developer wrote one to say the value beside it is no
// credential, and for a generic assignment warden takes their word. A value in a provider's
// format (a cloud key, a token, a private key, a connection string) is reported whatever the
// comment says: those formats are never examples by accident.

const SAME_LINE = /pragma:\s{0,4}allowlist\s{1,4}secret|gitleaks:allow|trufflehog:ignore|#\s{0,4}nosec\b|noqa:\s{0,4}S10[5-7]/i;
const NEXT_LINE = /pragma:\s{0,4}allowlist\s{1,4}nextline\s{1,4}secret/i;
/** Allowlist comments sit at the end of a line of code: longer lines are read no further. */
const MAX_LINE = 512;

function lineAround(text: string, at: number): { start: number; end: number } {
  const start = text.lastIndexOf("\n", at - 1) + 1;
  const newline = text.indexOf("\n", at);
  return { start, end: newline === -1 ? text.length : newline };
}

const clip = (text: string, line: { start: number; end: number }): string => text.slice(line.start, Math.min(line.end, line.start + MAX_LINE));

/** True when the line holding `at`, or a `nextline` comment on the line above it, allowlists it. */
export function isAllowlisted(text: string, at: number): boolean {
  const line = lineAround(text, at);
  if (SAME_LINE.test(clip(text, line))) return true;
  if (line.start === 0) return false;
  return NEXT_LINE.test(clip(text, lineAround(text, line.start - 1)));
}
