// File effects spelled inside an inline program (`python3 -c`, `node -e`, `perl -e`, `ruby -e`):
// a credential store opened, a system or home directory removed (`shutil.rmtree("/home")`), a
// startup or hook file opened for writing (`open('/root/.bashrc','a')`), a shell wired to a socket. Read from the string
// literals the code names, the way the shell's own forms are judged.
import { codeWrites } from "../effects.ts";
import type { Invocation } from "../model.ts";
import { isSystemOrHomeTarget } from "../paths.ts";
import { isCredentialPath } from "./credential-read.ts";
import { hookOf } from "./persistence.ts";
import { eachInvocation, type Hit, hit, type Rule } from "./rule.ts";

export const inlineEffectsRule: Rule = (ctx) => eachInvocation(ctx, judge);

const MAX_CODE = 1 << 16;
/** A shell spawned and a socket opened in one program: its stdio wired to the network (a reverse shell). */
const SPAWNS_SHELL = /(?:spawn|exec|popen|system|pty\.spawn|subprocess\.\w+)\s*\(\s*\[?\s*["'](?:\/bin\/)?(?:ba|z|da)?sh\b/;
const CONNECTS = /net\.connect|net\.Socket|socket\.socket|\.connect\s*\(|TCPSocket|fsockopen|IO::Socket|createConnection/;
const LITERAL = /(["'])((?:~|\/|\.)[^"'\n]{1,256})\1/g;
/** `path.join(os.homedir(), '.aws', 'credentials')`, `Path.home().joinpath('.aws','credentials')`. */
const JOIN = /(?:joinpath|path\.join|os\.path\.join|File\.join)\s*\(([^)]{1,512})\)/g;
const REMOVE = /(?:rmtree|rm_rf|rm_r|rmSync|rmdirSync|rimraf|remove_tree|rmdir)\s*\(\s*(["'])([^"'\n]{1,256})\1/g;

function judge(inv: Invocation): Hit[] | undefined {
  const program = inv.program;
  if (program?.kind !== "inline" || program.language === "shell") return undefined;
  const code = program.code.text.slice(0, MAX_CODE);
  const hits: Hit[] = [];
  if (namedPaths(code).some(isCredentialPath)) hits.push(hit("shell.credential_read", inv));
  if (SPAWNS_SHELL.test(code) && CONNECTS.test(code)) hits.push(hit("shell.reverse_shell", inv));
  for (const match of code.matchAll(REMOVE)) if (isSystemOrHomeTarget(match[2] as string)) hits.push(hit("shell.destructive_delete", inv));
  for (const path of codeWrites(code)) {
    const hook = hookOf(path);
    if (hook) hits.push(hit(hook, inv));
  }
  return hits;
}

/** Paths the code spells: string literals (a leading `/.x` is taken as home-relative) and joined parts. */
function namedPaths(code: string): string[] {
  const paths: string[] = [];
  for (const match of code.matchAll(LITERAL)) {
    const text = match[2] as string;
    paths.push(text, ...(text.startsWith("/.") ? [`~${text}`] : []));
  }
  for (const match of code.matchAll(JOIN)) {
    const parts = [...(match[1] as string).matchAll(/(["'])([^"'\n]{1,128})\1/g)].map((part) => part[2] as string);
    if (parts.length > 0) paths.push(`~/${parts.join("/")}`);
  }
  return paths;
}
