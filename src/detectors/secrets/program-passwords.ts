// Passwords other programs take on their command line, each in its own way: an option of the
// program (`redis-cli -a`, `ldapsearch -w`, `sqlcmd -P`, `ipmitool -P`, `zip -P`, `7z -p`,
// `xfreerdp /p:`), a position (`rabbitmqctl change_password <user> <password>`, `net use ...
// /user:<user> <password>`), or the text piped into one that reads it (`echo X | sudo -S`,
// PowerShell's `ConvertTo-SecureString "X" -AsPlainText`), and `.pgpass` lines. A short option
// letter means a password only for its own program (`-P` is a port to ssh, `-a` "all" to many).
import type { Budget } from "../../engine/budget.ts";
import { groupEnd, pushPassword, scanOption } from "./cli-credentials.ts";
import type { SecretHit } from "./secret-kind.ts";

interface ProgramOption {
  /** A cheap substring test before any regex runs. */
  hint: string;
  /** Global: the program's name. */
  program: RegExp;
  /** Sticky, from the program name on, within its command: the password is group 2. */
  value: RegExp;
}

// Within one command: no newline, pipe, `;` or `&` between the program and its option.
const option = (flags: string): RegExp =>
  new RegExp(`[^\\n|;&]{0,200}?[ \\t](?:${flags})(?:[ \\t]+|=)(['"]?)([^\\s'"]{4,128})\\1`, "y");

const PROGRAM_OPTIONS: readonly ProgramOption[] = [
  { hint: "redis-cli", program: /\bredis-cli\b/g, value: option("-a") },
  { hint: "ldap", program: /\bldap(?:search|modify|add|delete|passwd|whoami|compare|modrdn)\b/g, value: option("-w") },
  { hint: "-P", program: /\b(?:sqlcmd|bcp|osql|ipmitool|zip|unzip)\b/g, value: option("-P") },
  { hint: "7z", program: /\b7za?\b/g, value: /[^\n|;&]{0,200}?[ \t]-p(['"]?)([^\s'"]{4,128})\1/y },
  { hint: "/p:", program: /\b(?:xfreerdp|wlfreerdp|sdl-freerdp)\b/g, value: /[^\n|;&]{0,200}?[ \t]\/p:(['"]?)([^\s'"]{4,128})\1/y },
  { hint: "rabbitmqctl", program: /\brabbitmqctl\b/g, value: /[ \t]+(?:add_user|change_password)[ \t]+\S{1,128}[ \t]+(['"]?)([^\s'"]{4,128})\1/y },
  { hint: "/user:", program: /\bnet[ \t]+use\b/g, value: /[^\n|;&]{0,200}?[ \t]\/user:\S{1,128}[ \t]+(['"]?)([^\s'"\/]{4,128})\1/y },
];

// `echo 'X' | sudo -S ...`: the echoed word is the sudo password.
const SUDO_STDIN = /\b(?:echo|printf)[ \t]+(['"]?)([^\s'"|]{4,128})\1[ \t]*\|[ \t]*sudo(?:[ \t]+-[A-Za-z]+){0,4}?[ \t]+-[A-Za-z]*S\b/dg;
// PowerShell: `ConvertTo-SecureString "X" -AsPlainText` (or the named `-String "X"`).
const SECURE_STRING = /ConvertTo-SecureString[ \t]+(?:-String[ \t]+)?(['"])([^'"\n$]{4,128})\1[ \t]+-AsPlainText/dgi;
// `.pgpass`: `host:port:database:user:password`, one entry a line.
const PGPASS_LINE = /^(?:[A-Za-z0-9_-]{1,63}(?:\.[A-Za-z0-9_-]{1,63}){1,8}|localhost|\*):(?:\d{1,5}|\*):[^\s:]{1,128}:[^\s:]{1,128}:([^\s]{4,256})$/gm;

/** Every match of `pattern` (flags `dg`, the password in group 2) that is not a placeholder. */
function scanAll(text: string, pattern: RegExp, hits: SecretHit[], budget: Budget): void {
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m !== null && !budget.spent(); m = pattern.exec(text)) pushPassword(m[2]!, m.indices![2]![1], hits);
}

/** Appends passwords given to the programs above, and `.pgpass` passwords, to `hits`. */
export function scanProgramPasswords(text: string, hits: SecretHit[], budget: Budget): void {
  for (const entry of PROGRAM_OPTIONS) {
    if (text.includes(entry.hint)) scanOption(text, entry.program, entry.value, hits, budget);
  }
  if (text.includes("sudo") && text.includes("-")) scanAll(text, SUDO_STDIN, hits, budget);
  if (text.includes("SecureString")) scanAll(text, SECURE_STRING, hits, budget);
  if (text.includes(":")) {
    PGPASS_LINE.lastIndex = 0;
    for (let m = PGPASS_LINE.exec(text); m !== null && !budget.spent(); m = PGPASS_LINE.exec(text)) {
      pushPassword(m[1]!, m.index + m[0].length, hits);
    }
  }
}
