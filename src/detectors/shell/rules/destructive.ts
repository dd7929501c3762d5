// Irreversible damage: deleting system or home directories, writing or formatting block
// devices, opening up permissions across system trees, and fork bombs.
import { normalisePath } from "../../egress/paths.ts";
import { isDataStore } from "../../egress/write-rules.ts";
import { commandName } from "../commands.ts";
import { deletionsOf, isDeleter, writesOf } from "../effects.ts";
import { flagSet, operandFields } from "../facts.ts";
import { type Invocation, upstreamOf } from "../model.ts";
import { isBlockDevice, isSystemOrHomeTarget, normalizePath } from "../paths.ts";
import { eachInvocation, type Hit, hit, type Rule, type RuleContext } from "./rule.ts";

export const destructiveRule: Rule = (ctx) => [
  ...eachInvocation(ctx, judgeDeletion),
  ...eachInvocation(ctx, judgeFind),
  ...eachInvocation(ctx, judgeDiskWrite),
  ...eachInvocation(ctx, judgePermissions),
  ...eachInvocation(ctx, judgeForcePush),
  ...relativeWipeHits(ctx),
  ...forkBombHits(ctx),
];

/** A database server's data directory (`/var/lib/postgresql`): the same list the file tools use. */
function isDataStoreDir(text: string): boolean {
  const path = normalisePath(text);
  return path !== undefined && isDataStore(path);
}

const CRITICAL_FILES = new Set(["/etc/passwd", "/etc/shadow", "/etc/group", "/etc/gshadow", "/etc/sudoers", "/etc/fstab", "/boot/grub/grub.cfg"]);

function judgeDeletion(inv: Invocation): Hit | undefined {
  for (const arg of inv.args) if (arg.text === "--no-preserve-root") return hit("shell.destructive_delete", inv);
  const catastrophic = deletionsOf(inv).some(
    (deletion) => (deletion.recursive && (isSystemOrHomeTarget(deletion.path) || isDataStoreDir(deletion.path))) || CRITICAL_FILES.has(normalizePath(deletion.path)),
  );
  if (catastrophic || dispatchedWipe(inv) || movesAway(inv) || mirrorsOver(inv) || shredsKeys(inv)) return hit("shell.destructive_delete", inv);
  return undefined;
}

/** `echo / | xargs rm -rf`, `xargs rm -rf <<< ~`: the paths a deleter is handed as items. */
function dispatchedWipe(inv: Invocation): boolean {
  if (!inv.dispatch || !isDeleter(inv.name)) return false;
  const flags = flagSet(inv);
  if (!flags.has("-r") && !flags.has("-R") && !flags.has("--recursive")) return false;
  return itemsOf(inv).some(isSystemOrHomeTarget);
}

function itemsOf(inv: Invocation): string[] {
  const feed = inv.dispatch?.feed;
  if (!feed) return [];
  if (feed.kind === "herestring") return feed.field.text.split(/\s+/);
  if (feed.kind !== "pipe") return [];
  const producers = upstreamOf(feed.upstream).filter((producer) => producer.name === "echo" || producer.name === "printf");
  return producers.flatMap((producer) => producer.args.map((arg) => arg.text));
}

/** `mv ~ /dev/null`, `mv /etc /tmp/x`: a system or home directory moved out of place. */
const movesAway = (inv: Invocation): boolean => inv.name === "mv" && operandFields(inv).slice(0, -1).some((field) => isSystemOrHomeTarget(field.text));

/** `rsync -a --delete /tmp/empty/ ~/`: the destination mirrored to (often nothing), the rest deleted. */
function mirrorsOver(inv: Invocation): boolean {
  if (inv.name !== "rsync" || !inv.args.some((arg) => arg.text.startsWith("--delete"))) return false;
  const destination = operandFields(inv, "eBfT").at(-1)?.text;
  return destination !== undefined && isSystemOrHomeTarget(destination);
}

/**
 * `shred -u ~/.ssh/*`, `shred -zu /var/lib/postgresql/data/*`: keys, a database's files or a
 * system or home tree destroyed beyond recovery, which no backup step or cleanup needs.
 */
const shredsKeys = (inv: Invocation): boolean =>
  SHREDDERS.has(inv.name) &&
  operandFields(inv, "ns").some((field) => /^(?:~|\$HOME|\/root|\/home\/[^/]+)\/\.(?:ssh|gnupg)(?:\/|$)/.test(field.text) || isDataStoreDir(field.text.replace(/\/\*$/, "")) || isSystemOrHomeTarget(field.text.replace(/\/\*$/, "")));
const SHREDDERS = new Set(["shred", "srm", "wipe"]);

const NAME_FILTERS = new Set(["-name", "-iname", "-path", "-ipath", "-regex", "-iregex", "-wholename", "-iwholename", "-newer", "-user", "-inum"]);
const DELETING_EXEC = new Set(["rm", "shred", "unlink", "srm", "wipe"]);

/** The paths `find` starts from: the operands before its expression. */
export function findRoots(inv: Invocation): string[] {
  const roots: string[] = [];
  for (const arg of inv.args) {
    if (arg.text.startsWith("-") || arg.text === "(" || arg.text === "!") break;
    roots.push(arg.text);
  }
  return roots.length > 0 ? roots : ["."];
}

/** True when `find` deletes or hands what it finds to a deleting command. */
export function findDeletes(inv: Invocation): boolean {
  return inv.args.some((arg, i) => arg.text === "-delete" || (/^-(exec|execdir|ok|okdir)$/.test(arg.text) && DELETING_EXEC.has(commandName(inv.args[i + 1]?.text ?? ""))));
}

function judgeFind(inv: Invocation): Hit | undefined {
  if (inv.name !== "find" || !findDeletes(inv)) return undefined;
  // `find ~ -name '*.pyc' -delete` cleans up; shredding what it finds across a system or home
  // tree (`find / -name '*.sql' -exec shred -u {} ;`) destroys it, whatever the filter.
  if (inv.args.some((arg) => NAME_FILTERS.has(arg.text)) && !findShreds(inv)) return undefined;
  return findRoots(inv).some(isSystemOrHomeTarget) ? hit("shell.destructive_delete", inv) : undefined;
}

const findShreds = (inv: Invocation): boolean =>
  inv.args.some((arg, i) => /^-(exec|execdir)$/.test(arg.text) && SHREDDERS.has(commandName(inv.args[i + 1]?.text ?? "")));

const FORMATTERS = new Set(["mkfs", "mke2fs", "mkswap", "wipefs", "blkdiscard", "sfdisk", "sgdisk", "parted", "fdisk", "gdisk", "cryptsetup", "hdparm", "badblocks", "shred", "wipe", "scrub", "mkntfs", "mkdosfs", "newfs"]);
const isFormatter = (name: string): boolean => FORMATTERS.has(name) || name.startsWith("mkfs.");

function judgeDiskWrite(inv: Invocation): Hit | undefined {
  if (writesOf(inv).some((write) => isBlockDevice(write.path))) return hit("shell.disk_wipe", inv);
  if (!isFormatter(inv.name) || !operandFields(inv).some((field) => isBlockDevice(field.text))) return undefined;
  if (inv.name === "hdparm" && !inv.args.some((arg) => arg.text.startsWith("--security-erase") || arg.text.startsWith("--trim"))) return undefined;
  if (inv.name === "badblocks" && !flagSet(inv).has("-w")) return undefined;
  if (inv.name === "cryptsetup" && !inv.args.some((arg) => /^(luksformat|erase|luksErase)$/i.test(arg.text))) return undefined;
  if (/^[sg]?fdisk$|^parted$/.test(inv.name) && !isPartitionRewrite(inv)) return undefined;
  return hit("shell.disk_wipe", inv);
}

/** `fdisk -l` and `parted print` only read; scripted rewrites and zaps destroy. */
function isPartitionRewrite(inv: Invocation): boolean {
  const texts = inv.args.map((arg) => arg.text.toLowerCase());
  if (texts.some((text) => text === "-l" || text === "--list" || text === "print" || text === "-p")) return false;
  if (inv.name === "sgdisk") return texts.some((text) => /^(-z|-o|--zap-all|--clear|--zap)$/.test(text));
  if (inv.name === "parted") return texts.some((text) => ["mklabel", "rm", "mkpart", "resizepart"].includes(text));
  return inv.stdin !== undefined;
}

const RECURSIVE_OWNERS = new Set(["chown", "chgrp"]);
/**
 * Trees handed to an account as a matter of course: the admin's own (`/usr/local`, `~`) and the
 * ones a service's files live in (`/opt`; `/srv`, the site's data, chowned to the app that serves it).
 */
const OWNER_SAFE = new Set(["/usr/local", "/opt", "/srv", "~"]);

function judgePermissions(inv: Invocation): Hit | undefined {
  if (inv.name !== "chmod" && !RECURSIVE_OWNERS.has(inv.name)) return undefined;
  const flags = flagSet(inv);
  const recursive = flags.has("-R") || flags.has("--recursive");
  const operands = operandFields(inv).map((field) => field.text);
  const targets = operands.slice(1);
  if (inv.name !== "chmod") {
    const dangerous = targets.some((path) => isSystemOrHomeTarget(path) && !OWNER_SAFE.has(normalizePath(path)) && !normalizePath(path).startsWith("/home/"));
    return recursive && dangerous ? hit("shell.recursive_permission_change", inv) : undefined;
  }
  const mode = operands[0] ?? "";
  if (!isPermissiveOrWiping(mode)) return undefined;
  const hits = targets.some((path) => (recursive && isSystemOrHomeTarget(path)) || normalizePath(path) === "/");
  return hits ? hit("shell.recursive_permission_change", inv) : undefined;
}

/** Modes that let everyone write (`777`, `o+w`, `a=rwx`) or take everything away (`000`). */
export function isPermissiveOrWiping(mode: string): boolean {
  if (/^[0-7]{3,4}$/.test(mode)) {
    const other = Number(mode[mode.length - 1]);
    return (other & 2) === 2 || /^0*000$/.test(mode);
  }
  return mode.split(",").some((clause) => {
    const match = /^([ugoa]*)([-+=])([rwxXst]*)$/.exec(clause);
    if (!match) return false;
    const [, who = "", op, perms = ""] = match;
    const forOthers = who === "" || who.includes("o") || who.includes("a");
    return forOthers && op !== "-" && perms.includes("w");
  });
}

/** Branches whose history others build on: rewriting or deleting them loses their work. */
const PROTECTED_BRANCHES = new Set(["main", "master", "production", "prod", "release", "trunk"]);
/** `git` options before the subcommand that take a value (`git -C dir push`). */
const GIT_VALUE_OPTIONS = new Set(["-C", "-c", "--git-dir", "--work-tree", "--namespace"]);
const PUSH_VALUE_OPTIONS = new Set(["-o", "--push-option", "--repo", "--receive-pack", "--exec"]);

/** `git push --force origin main`, `git push origin +main`, `git push origin :master` (deletion). */
function judgeForcePush(inv: Invocation): Hit | undefined {
  if (inv.name !== "git") return undefined;
  const args = inv.args.map((arg) => arg.text);
  let at = 0;
  while (at < args.length && (args[at] as string).startsWith("-")) at += GIT_VALUE_OPTIONS.has(args[at] as string) ? 2 : 1;
  if (args[at] !== "push") return undefined;
  let forced = false;
  const operands: string[] = [];
  for (let i = at + 1; i < args.length; i++) {
    const arg = args[i] as string;
    if (PUSH_VALUE_OPTIONS.has(arg)) i++;
    else if (/^--(force|force-with-lease|mirror)(=|$)/.test(arg) || (/^-[a-zA-Z]*f/.test(arg) && !arg.startsWith("--"))) forced = true;
    else if (!arg.startsWith("-")) operands.push(arg);
  }
  // `git push --mirror URL`, `git push --force --all`: every branch of the remote, protected ones
  // included, made what this clone has (the remote's others deleted, with --mirror or --prune).
  const pushed = args.slice(at + 1);
  if (pushed.includes("--mirror") || (forced && pushed.some((arg) => arg === "--all" || arg === "--branches"))) return hit("shell.protected_branch_rewrite", inv);
  // `git push origin --delete main`, `-d main`: the remote branch is removed.
  const deleting = args.slice(at + 1).some((arg) => arg === "--delete" || arg === "-d");
  if (deleting && operands.slice(1).some((ref) => PROTECTED_BRANCHES.has(ref.replace(/^refs\/heads\//, "").toLowerCase()))) return hit("shell.protected_branch_rewrite", inv);
  const rewrites = operands.slice(1).some((refspec) => {
    const destination = refspec.includes(":") ? refspec.slice(refspec.indexOf(":") + 1) : refspec.replace(/^\+/, "");
    const rewriting = forced || refspec.startsWith("+") || refspec.startsWith(":");
    return rewriting && PROTECTED_BRANCHES.has(destination.replace(/^refs\/heads\//, "").toLowerCase());
  });
  return rewrites ? hit("shell.protected_branch_rewrite", inv) : undefined;
}

/** Operands that name everything in the current directory. */
const RELATIVE_WILDCARDS = new Set(["*", ".*", "./*", "./.*", "*/", ".[!.]*", "{*,.*}"]);

/**
 * `cd / && rm -rf *` is `rm -rf /*`: commands run in script order, so the last `cd` before a
 * recursive delete of `*` says which directory it empties. A bare `cd` goes home.
 */
function relativeWipeHits(ctx: RuleContext): Hit[] {
  const hits: Hit[] = [];
  let cwd: string | undefined;
  for (const inv of ctx.model.invocations) {
    if (inv.name === "cd" || inv.name === "pushd") {
      const operands = operandFields(inv);
      cwd = operands.length === 0 ? "~" : operands[0]?.text;
      continue;
    }
    if (cwd === undefined || !isSystemOrHomeTarget(cwd)) continue;
    if (deletionsOf(inv).some((deletion) => deletion.recursive && RELATIVE_WILDCARDS.has(deletion.path))) hits.push(hit("shell.destructive_delete", inv));
  }
  return hits;
}

/** A function that calls itself twice (`f|f`) or in the background (`f &`) multiplies forever. */
function forkBombHits(ctx: RuleContext): Hit[] {
  if (ctx.model.functions.length === 0) return [];
  const selfCalls = new Map<string, { count: number; background: boolean }>();
  for (const inv of ctx.model.invocations) {
    if (inv.inFunction === undefined || inv.name !== commandName(inv.inFunction)) continue;
    const calls = selfCalls.get(inv.inFunction) ?? { count: 0, background: false };
    calls.count++;
    calls.background ||= inv.background;
    selfCalls.set(inv.inFunction, calls);
  }
  const hits: Hit[] = [];
  for (const fn of ctx.model.functions) {
    const calls = selfCalls.get(fn.name);
    if (calls && (calls.count >= 2 || calls.background)) hits.push({ check: "shell.fork_bomb", span: fn.span });
  }
  return hits;
}
