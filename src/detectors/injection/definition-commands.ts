// The commands and scripts a definition shows (a skill's fenced code blocks and inline code, a
// tool description's setup step), judged by what they would do: each is run through the shell
// detector's analysis as the file it names (`~/.bashrc`, a systemd unit, `scripts/x.py`) or as
// the language its fence declares. A step an agent follows runs with the user's rights, so its
// effect is the finding, whatever the prose around it says the step is for.
//   severe    an effect the shell detector blocks (fetch-and-execute, exfiltration, an added
//             authorized key, a reverse shell, guard tampering)
//   risky     persistence (rc files, cron, services, git hooks), credential reads and hunts,
//             bulk uploads, hidden binaries, untrusted package sources
// Code quoted as an example of what not to do ("never add lines that ...", "flag text such as
// ...") is not a step.
import type { Budget } from "../../engine/budget.ts";
import { type AnalyzeOptions, analyzeScript } from "../shell/analyze.ts";
import { CHECKS, type CheckId } from "../shell/checks.ts";
import { parseScript } from "../shell/parser.ts";
import { sourceFor } from "../shell/payload.ts";
import type { Hit } from "../shell/rules/rule.ts";
import { judgeSourceCode } from "../shell/source-code.ts";
import { writtenTargets } from "../shell/written-files.ts";
import type { Field } from "./analyse-text.ts";
import { rateDocumentation } from "./doc-context.ts";

export type Effect = "severe" | "risky";

export interface CodeEffect {
  effect: Effect;
  path: string;
  start: number;
  end: number;
}

const OPTIONS: AnalyzeOptions = {
  disabledChecks: new Set(),
  allowedPackageHosts: [],
  limits: { maxSourceDepth: 4, maxInvocations: 4096, maxNestedChars: 1 << 16 },
};

/** Require-approval checks that matter in a definition's steps; publishing or deploying is a skill's honest job. */
const RISKY: ReadonlySet<CheckId> = new Set<CheckId>([
  "shell.persistence_cron",
  "shell.persistence_shell_rc",
  "shell.persistence_service",
  "shell.persistence_git_hook",
  "shell.credential_read",
  "shell.credential_hunt",
  "shell.bulk_data_upload",
  "shell.hidden_binary",
  "shell.untrusted_package_source",
  "shell.trust_store_modification",
  "shell.raw_socket_redirect",
]);

const FENCE = /^[ \t]*(`{3,}|~{3,})[ \t]*([\w+-]*)[^\n]*\n([\s\S]*?)^[ \t]*\1[ \t]*$/gm;
const INLINE = /(?<!`)`([^`\n]{3,400})`(?!`)/g;
/** A command written out in prose after "run:" ("install it by running: wget ... && chmod +x ..."). */
const PROSE_RUN = /\b(?:run|running|execute|executing|exec|type|paste|enter)\b[^:\n`.]{0,60}:[ \t]*([^\n`]{4,400})/gi;
/** Where a prose command ends: a sentence that starts after it. */
const SENTENCE_END = /[.;]\s+(?=[A-Z])/;
/** A script that gathers secrets or the whole environment, and one that sends data out. */
const GATHERS_SECRETS =
  /Login Data|\bCookies\b|key4\.db|logins\.json|\.aws\/credentials|\.ssh\/id_|\bid_(?:rsa|ed25519|ecdsa)\b|\.git-credentials|\.netrc|\.kube\/config|wallet\.dat|\/etc\/shadow|\.gnupg|\.docker\/config\.json|dict\(\s*os\.environ\s*\)|os\.environ\.copy\(|JSON\.stringify\(\s*process\.env\s*\)|\bprintenv\b|\bread\s+-s\b/;
const SENDS_OUT =
  /\bfetch\s*\(\s*['"`]https?:|requests\.(?:post|put)\s*\(|urlopen\s*\([^)\n]*data\s*=|\baxios\.(?:post|put)\b|\bcurl\b[^\n]*(?:\s-d\b|\s--data|\s-F\b|\s-T\b|--upload-file|-X\s*POST)|\bwget\b[^\n]*--post-(?:data|file)|Invoke-(?:WebRequest|RestMethod)[^\n]*-Method\s+Post|\bnc\s+[\w.-]+\s+\d+/i;
/** Places whose content runs again later on its own: shell startup files, git hooks, schedulers, login agents. */
const STARTUP_FILE = /(?:^|\/)\.(?:bashrc|zshrc|profile|bash_profile|bash_login|bash_aliases|zprofile|zshenv)$|\.git\/hooks\/|LaunchAgents\/|(?:^|\/)crontab$|\.(?:service|timer)$/;
const REACHES_NETWORK = /\b(?:curl|wget|nc|ncat|socat)\b|\/dev\/tcp\//;
/** A file a block is the content of, named on the lines before it. */
const NAMED_FILE =
  /(?:~\/|\/|\.\/)?(?:[\w.@-]+\/)*(?:\.git\/hooks\/[\w-]+|LaunchAgents\/[\w.-]+\.plist|\.?[\w-]+\.(?:sh|bash|zsh|py|js|mjs|cjs|ts|ps1|rb|pl|php|ya?ml|service|timer|socket)|\.(?:bashrc|zshrc|profile|bash_profile|bash_login|bash_aliases|zprofile|zshenv|envrc)|crontab|Makefile|Dockerfile|package\.json)\b/g;
const LANGUAGE_FILE: Record<string, string> = {
  python: "snippet.py", py: "snippet.py", python3: "snippet.py",
  js: "snippet.js", javascript: "snippet.js", node: "snippet.js", mjs: "snippet.mjs", ts: "snippet.ts", typescript: "snippet.ts",
  ruby: "snippet.rb", rb: "snippet.rb", perl: "snippet.pl", php: "snippet.php",
  powershell: "snippet.ps1", ps1: "snippet.ps1", pwsh: "snippet.ps1",
  dockerfile: "Dockerfile", makefile: "Makefile", make: "Makefile",
};
const SHELL_LANGUAGES = new Set(["", "sh", "bash", "shell", "zsh", "console", "terminal", "shellsession", "ksh", "fish"]);
/** Text before a code span that quotes it as something not to do or as an example to look for. */
const CITED = /\b(?:never|do\s+not|don'?t|must\s+not|should\s+not|avoid|instead\s+of|rather\s+than|flag|detect|report|warn\s+about|such\s+as|e\.g\.|for\s+example|like|unsafe|dangerous|malicious|suspicious)\b[^.\n]{0,160}$/i;

interface Region {
  start: number;
  end: number;
  file: string;
  text: string;
}

function fileOf(text: string, fenceStart: number, language: string, body: string): string | undefined {
  const before = text.slice(Math.max(0, fenceStart - 240), fenceStart).split("\n").slice(-3).join("\n");
  const named = [...before.matchAll(NAMED_FILE)].pop()?.[0];
  if (named) return named;
  const lang = language.toLowerCase();
  if (LANGUAGE_FILE[lang]) return LANGUAGE_FILE[lang];
  if (/^\s*\[(?:Unit|Service|Install)\]/m.test(body)) return "snippet.service";
  if ((lang === "yaml" || lang === "yml") && /^\s*(?:-\s+)?(?:run|steps|runs-on)\s*:/m.test(body)) return ".github/workflows/snippet.yml";
  if (/^\s*(?:[\d*\/,-]+\s+){5}\S/m.test(body) && (lang === "" || lang === "cron" || lang === "crontab")) return "crontab";
  return SHELL_LANGUAGES.has(lang) ? "snippet.sh" : undefined;
}

/** Fenced blocks (as the file they are the content of) and inline code spans outside them. */
function regionsOf(text: string): Region[] {
  const regions: Region[] = [];
  const fenced: [number, number][] = [];
  FENCE.lastIndex = 0;
  for (let m = FENCE.exec(text); m && regions.length < 32; m = FENCE.exec(text)) {
    const body = m[3] ?? "";
    const bodyStart = m.index + m[0].indexOf("\n") + 1;
    fenced.push([m.index, m.index + m[0].length]);
    const file = fileOf(text, m.index, m[2] ?? "", body);
    if (file && body.trim() !== "") regions.push({ start: bodyStart, end: bodyStart + body.length, file, text: body });
  }
  PROSE_RUN.lastIndex = 0;
  for (let m = PROSE_RUN.exec(text), n = 0; m && n < 16; m = PROSE_RUN.exec(text), n++) {
    const at = m.index + m[0].length - m[1]!.length;
    if (fenced.some(([s, e]) => at >= s && at < e)) continue;
    const command = m[1]!.split(SENTENCE_END)[0]!.replace(/[.\s]+$/, "");
    if (/^[\w./~(-]+\s+\S/.test(command)) regions.push({ start: at, end: at + command.length, file: "snippet.sh", text: command });
  }
  INLINE.lastIndex = 0;
  for (let m = INLINE.exec(text), n = 0; m && n < 64; m = INLINE.exec(text), n++) {
    const at = m.index;
    if (fenced.some(([s, e]) => at >= s && at < e)) continue;
    const span = m[1]!;
    // Inline code that is a command line: a program word, then an argument or an operator.
    if (!/^[\w./~-]+\s+\S/.test(span.trim())) continue;
    regions.push({ start: at + 1, end: at + 1 + span.length, file: "snippet.sh", text: span });
  }
  return regions;
}

function hitsIn(field: Field, region: Region, budget: Budget): Hit[] {
  const offsets = (at: number) => region.start + at;
  const { targets } = writtenTargets([{ file: region.file, path: field.path, text: region.text, whole: undefined, fragment: false, offsets }]);
  const hits: Hit[] = [];
  for (const target of targets) {
    if (budget.spent()) break;
    if (target.kind === "code") hits.push(...judgeSourceCode(target.item, target.powershell, budget).hits);
    else if (target.kind === "script") hits.push(...analyzeScript(parseScript(sourceFor(target.item, target.item.text), budget), OPTIONS, budget).hits);
  }
  return hits;
}

function effectOf(check: CheckId): Effect | undefined {
  if (CHECKS[check].decision === "block") return "severe";
  return RISKY.has(check) ? "risky" : undefined;
}

/** The strongest effect of the code a definition field shows, per region; cited examples left out. */
export function judgeCode(field: Field, budget: Budget): CodeEffect[] {
  const { text } = field;
  if (!text.includes("`") && !text.includes("~~~") && !text.includes(":")) return [];
  const found: CodeEffect[] = [];
  for (const region of regionsOf(text)) {
    if (budget.spent()) break;
    const lineStart = text.lastIndexOf("\n", region.start - 1) + 1;
    const lead = text.slice(Math.max(lineStart, region.start - 200), region.start);
    if (CITED.test(lead) || rateDocumentation(text, region.start, region.end) < 1) continue;
    // A script that gathers secrets and sends data out does both, whichever lines do which; an
    // rc file or git hook that reaches the network does so again every time it runs.
    let effect: Effect | undefined = GATHERS_SECRETS.test(region.text) && SENDS_OUT.test(region.text) ? "severe" : undefined;
    if (!effect && STARTUP_FILE.test(region.file) && REACHES_NETWORK.test(region.text)) effect = "risky";
    for (const hit of hitsIn(field, region, budget)) {
      const e = effectOf(hit.check);
      if (e === "severe" || (e && !effect)) effect = e;
    }
    if (effect) found.push({ effect, path: field.path, start: region.start, end: region.end });
  }
  return found;
}
