// Programs that run another command as part of their own job (`find -exec`, `nsenter`,
// `chroot`, `docker exec`): the launcher is judged as itself and the inner command as well.
import type { Field } from "./expand.ts";
import { type OptionSpec, scanOptions } from "./options.ts";
import { joinFields } from "./wrappers.ts";

const NSENTER: OptionSpec = { shortWithValue: "tSG", longWithValue: ["target", "setuid", "setgid"] };
const UNSHARE: OptionSpec = { shortWithValue: "SGRw", longWithValue: ["setuid", "setgid", "root", "wd", "propagation", "setgroups", "map-user", "map-group"] };
const CHROOT: OptionSpec = { longWithValue: ["userspec", "groups"] };
const CONTAINER_EXEC: OptionSpec = {
  shortWithValue: "euw",
  longWithValue: ["env", "user", "workdir", "env-file", "detach-keys", "container", "namespace"],
};
const CONTAINER_TOOLS = new Set(["docker", "podman", "nerdctl"]);

const NONE: readonly Field[][] = [];

/** Commands the launcher runs; most programs launch none (a shared empty list, never mutated). */
export function innerCommands(name: string, args: Field[]): readonly Field[][] {
  if (name === "find") return findExecClauses(args);
  if (name === "nsenter") return [args.slice(scanOptions(args, NSENTER).operandIndex)];
  if (name === "unshare") return [args.slice(scanOptions(args, UNSHARE).operandIndex)];
  if (name === "chroot") return [args.slice(scanOptions(args, CHROOT).operandIndex + 1)];
  if (CONTAINER_TOOLS.has(name) && args[0]?.text === "exec") {
    return [args.slice(scanOptions(args, CONTAINER_EXEC, 1).operandIndex + 1)];
  }
  if (name === "ssh") return remoteCommand(args);
  if (name === "kubectl" && args[0]?.text === "exec") {
    const dashes = args.findIndex((arg) => arg.text === "--");
    return dashes === -1 ? [] : [args.slice(dashes + 1)];
  }
  return NONE;
}

const SSH: OptionSpec = { shortWithValue: "BbcDEeFIiJLlmOoPpQRSWw" };

/** `ssh host cmd args`: the remote side joins the arguments and runs them with its shell. */
function remoteCommand(args: Field[]): Field[][] {
  const scan = scanOptions(args, SSH);
  const rest = args.slice(scan.operandIndex + 1);
  if (rest.length === 0) return [];
  const script = joinFields(rest);
  return [[{ ...script, text: "sh", subs: [] }, { ...script, text: "-c", subs: [] }, script]];
}

/** `find ... -exec cmd {} ;` (also `-execdir`, `-ok`, `-okdir`, and the `+` terminator). */
function findExecClauses(args: Field[]): Field[][] {
  const clauses: Field[][] = [];
  for (let i = 0; i < args.length; i++) {
    if (!["-exec", "-execdir", "-ok", "-okdir"].includes((args[i] as Field).text)) continue;
    const start = i + 1;
    let end = start;
    while (end < args.length && args[end]?.text !== ";" && args[end]?.text !== "+") end++;
    clauses.push(args.slice(start, end));
    i = end;
  }
  return clauses;
}
