// The shell syntax tree the parser builds: only as much structure as the rules need to tell
// what runs from what is merely data. Offsets are positions in the owning Source's text.

/** Where a piece of text lives, and how its offsets map back to the payload field. */
export interface Source {
  /** Payload path of the field the text came from, e.g. `payload.argv[2]`. */
  readonly path: string;
  readonly text: string;
  /** Maps a span of `text` to a span of the root field (collapses when not exact). */
  readonly locate: (start: number, end: number) => FieldSpan;
  /** Nesting depth: 0 for a payload field, +1 per `bash -c`, eval or fed script. */
  readonly depth: number;
}

export interface FieldSpan {
  path: string;
  start: number;
  end: number;
}

export type WordPart =
  | { kind: "lit"; text: string; quoted: boolean; exact: boolean; start: number; end: number }
  | { kind: "param"; name: string; op: string; arg: string; quoted: boolean; start: number; end: number }
  | { kind: "cmdsub"; script: Script; quoted: boolean; start: number; end: number }
  | { kind: "arith"; quoted: boolean; start: number; end: number }
  | { kind: "procsub"; script: Script; start: number; end: number };

export interface Word {
  parts: WordPart[];
  start: number;
  end: number;
  source: Source;
}

export interface Heredoc {
  /** Body offsets in the source; the body is data unless something reads it as code. */
  bodyStart: number;
  bodyEnd: number;
  /** A quoted delimiter (`<<'EOF'`) disables expansion inside the body. */
  quotedDelimiter: boolean;
  /** Substitutions inside an unquoted body run even when the reader is `cat`. */
  expansions: Word | undefined;
}

export interface Redirect {
  fd: number | undefined;
  op: string;
  target: Word | undefined;
  heredoc: Heredoc | undefined;
  start: number;
  end: number;
}

export interface Assignment {
  name: string;
  value: Word | undefined;
  start: number;
  end: number;
}

export interface SimpleCommand {
  type: "simple";
  assignments: Assignment[];
  words: Word[];
  redirects: Redirect[];
  start: number;
  end: number;
}

export interface GroupCommand {
  type: "group";
  subshell: boolean;
  body: Script;
  redirects: Redirect[];
  start: number;
  end: number;
}

export interface FunctionDefinition {
  type: "function";
  name: string;
  body: Command;
  start: number;
  end: number;
}

export type Command = SimpleCommand | GroupCommand | FunctionDefinition;

export interface Pipeline {
  commands: Command[];
  start: number;
  end: number;
}

export interface AndOrList {
  pipelines: Pipeline[];
  background: boolean;
}

export interface Script {
  items: AndOrList[];
  source: Source;
  /** Set when nesting or size bounds cut parsing short, so part of the text went unjudged. */
  incomplete: boolean;
}
