// The executed-command model rules judge: every program that would run, in order, with what
// feeds its stdin, where its output goes, and whether it runs code (and from where).
import type { FieldSpan, Script, Source } from "./ast.ts";
import type { Write } from "./effects.ts";
import type { Field } from "./expand.ts";
import type { Program } from "./interpreters.ts";
import type { OptionPath } from "./option-paths.ts";

export interface HeredocBody {
  text: string;
  source: Source;
  start: number;
  end: number;
  /** Substitutions in an unquoted body: their output is part of what the body delivers. */
  subs: Script[];
}

export interface ResolvedRedirect {
  fd: number | undefined;
  op: string;
  target: Field | undefined;
  body: HeredocBody | undefined;
  span: FieldSpan;
}

export type Feed =
  | { kind: "pipe"; upstream: PipeUpstream; previous: Invocation[] }
  | { kind: "heredoc"; body: HeredocBody }
  | { kind: "herestring"; field: Field; origins: readonly ValueOrigin[] }
  | { kind: "file"; field: Field };

/** Everything earlier stages of a pipeline ran: a shared list, of which this stage sees `count`. */
export interface PipeUpstream {
  all: Invocation[];
  count: number;
}

/**
 * Where a value spelled into a command at run time comes from: the output of commands (`$(..)`,
 * a variable assigned from one) or an input stream (`read l` from a pipe or a file).
 */
export type ValueOrigin = { kind: "output"; invocations: Invocation[] } | { kind: "input"; feed: Feed };

/** A command `xargs` or `parallel` runs with arguments read from their input. */
export interface Dispatch {
  /** Where the items come from: the input, or an argument file (`xargs -a F`, `parallel :::: F`). */
  feed: Feed | undefined;
  /** Items given as arguments (`parallel cmd ::: items`): where their run-time values came from. */
  items: readonly ValueOrigin[];
  /** The string replaced by each input item (`-I{}`); undefined when items are appended. */
  replace: string | undefined;
}

export const upstreamOf = (upstream: PipeUpstream): Invocation[] => upstream.all.slice(0, upstream.count);

export interface Invocation {
  id: number;
  /** Normalised program name (`curl`), `` for a redirection-only command, `{}` for a group. */
  name: string;
  /** The program as written after expansion (`/tmp/x`, `./run.sh`). */
  argv0: string;
  nameField: Field | undefined;
  args: Field[];
  redirects: ResolvedRedirect[];
  stdin: Feed | undefined;
  pipeline: number;
  stage: number;
  wrappers: string[];
  privileged: boolean;
  /** An interactive shell with no command (`sudo -i`, `su -`). */
  loginShell: boolean;
  /** A wrapper runs the command later and again, on a timer (`systemd-run --on-calendar=.. cmd`). */
  scheduled: boolean;
  program: Program | undefined;
  span: FieldSpan;
  /** For a `{}` group with redirections: the commands whose output the group writes. */
  members: Invocation[];
  /** Set for commands inside a function body, with the function's name. */
  inFunction: string | undefined;
  background: boolean;
  /** The files it writes, derived on first use by effects.ts (most rules ask for them). */
  writes: readonly Write[] | undefined;
  /** The files its options read or write, derived on first use by option-paths.ts. */
  optionPaths: readonly OptionPath[] | undefined;
  /**
   * What runs is not knowable from the text: a name computed at run time, a glob that does not
   * name one known kind of program, a function or alias too deep to follow.
   */
  unresolved: boolean;
  /** Where a run-time name (`$c`, `$(..)`) and run-time inline code (`eval "$l"`) come from. */
  nameOrigins: readonly ValueOrigin[];
  codeOrigins: readonly ValueOrigin[];
  dispatch: Dispatch | undefined;
  /** What `echo`/`printf` print, when spelled from run-time values: where those came from. */
  outputOrigins: readonly ValueOrigin[];
  /** The input a program named `/dev/fd/N` reads its code from (`source /dev/fd/3 3< <(..)`). */
  programFeed: Feed | undefined;
  /** Files the program loads before its own code: `BASH_ENV=F bash`, `LD_PRELOAD=F cmd`. */
  preloads: readonly string[];
  /** A builtin with no effect rules judge (`true`, `echo x`): rules skip it, filler costs little. */
  inert: boolean;
}

export interface AssignmentRecord {
  name: string;
  value: Field | undefined;
  span: FieldSpan;
}

export interface FunctionRecord {
  name: string;
  span: FieldSpan;
}

export interface ShellModel {
  invocations: Invocation[];
  /** Shell-level assignments (`A=1`, `export A=1`) in script order. */
  assignments: AssignmentRecord[];
  /** Assignments in a command's prefix (`PGPASSWORD=x psql`), which only that command's environment sees. */
  environment: (AssignmentRecord & { command: string })[];
  functions: FunctionRecord[];
  /** The invocations each walked script produced (substitutions, `<(..)`, nested code). */
  byScript: Map<Script, Invocation[]>;
  /** Some text was not parsed (nesting, size or work bounds). */
  incomplete: boolean;
}
