// Splits shell text into words, control operators and redirections (with heredoc bodies read
// at the next newline, as the shell does). Word internals are in word-reader.ts.
import type { Budget } from "../../engine/budget.ts";
import type { Heredoc, Redirect, Source, Word } from "./ast.ts";
import { arithmeticEnd, type NestedParser, type ReaderContext, readExpandingText, readWord } from "./word-reader.ts";

export type Token =
  | { type: "word"; word: Word; start: number; end: number }
  | { type: "op"; op: string; start: number; end: number }
  | { type: "redirect"; redirect: Redirect; start: number; end: number }
  | { type: "eof"; start: number; end: number };

const OP_START = new Set([";", "&", "|", "(", ")"]);
const REDIRECT_START = new Set(["<", ">", "&"]);

/** Blanks and line continuations; with newlines too, for the blank lines after a separator. */
const BLANKS = /(?:[ \t\r]+|\\\n)*/y;
const BLANK_LINES = /(?:[ \t\r\n]+|\\\n)*/y;

/** The control operator at `at` (longest first): `;;&`, `;;`, `;&`, `&&`, `||`, `|&`, `;`, `&`, `|`, `(`, `)`. */
function controlOpAt(text: string, at: number): string | undefined {
  const next = text[at + 1];
  switch (text[at]) {
    case ";":
      if (next === ";") return text[at + 2] === "&" ? ";;&" : ";;";
      return next === "&" ? ";&" : ";";
    case "&":
      return next === "&" ? "&&" : "&";
    case "|":
      return next === "|" ? "||" : next === "&" ? "|&" : "|";
    case "(":
    case ")":
      return text[at];
    default:
      return undefined;
  }
}

/** The redirection operator at `at` (longest first): `<<<`, `<<-`, `&>>`, `<<`, `<&`, `<>`, `>>`, `>&`, `>|`, `&>`, `<`, `>`. */
function redirectOpAt(text: string, at: number): string | undefined {
  const next = text[at + 1];
  const third = text[at + 2];
  switch (text[at]) {
    case "<":
      if (next === "<") return third === "<" ? "<<<" : third === "-" ? "<<-" : "<<";
      return next === "&" ? "<&" : next === ">" ? "<>" : "<";
    case ">":
      return next === ">" ? ">>" : next === "&" ? ">&" : next === "|" ? ">|" : ">";
    case "&":
      return next === ">" ? (third === ">" ? "&>>" : "&>") : undefined;
    default:
      return undefined;
  }
}

interface PendingHeredoc {
  delimiter: string;
  stripTabs: boolean;
  heredoc: Heredoc;
}

export class Lexer {
  private pos: number;
  private readonly pending: PendingHeredoc[] = [];
  private readonly ctx: ReaderContext;

  constructor(source: Source, start: number, limit: number, nesting: number, parseNested: NestedParser, budget: Budget) {
    this.pos = start;
    this.ctx = { source, limit, nesting, parseNested, budget };
  }

  get offset(): number {
    return this.pos;
  }

  get source(): Source {
    return this.ctx.source;
  }

  /** The raw character at the cursor, for the parser's `((` arithmetic lookahead. */
  peekChar(): string {
    return this.pos < this.ctx.limit ? (this.ctx.source.text[this.pos] as string) : "";
  }

  /**
   * Skips an arithmetic command `(( .. ))` whose first `(` was already consumed; false, and
   * nothing skipped, when it is not one. As in bash, `((` whose inner `(` is not closed by `))`
   * (`((cmd) )`) is two nested subshells.
   */
  skipArithmetic(): boolean {
    const { text } = this.ctx.source;
    const end = arithmeticEnd(text, this.pos - 1, this.ctx.limit);
    if (end === undefined) return false;
    this.pos = end;
    return true;
  }

  next(): Token {
    this.skipBlanks();
    const { text } = this.ctx.source;
    const start = this.pos;
    if (start >= this.ctx.limit) return { type: "eof", start, end: start };
    const c = text[start] as string;
    if (c === "\n") {
      this.pos++;
      this.readHeredocBodies();
      this.skipBlankLines();
      return { type: "op", op: "\n", start, end: start + 1 };
    }
    if ((c === "<" || c === ">") && text[start + 1] === "(") return this.readProcessSubstitution(start);
    const redirect = this.readRedirect(start);
    if (redirect) return redirect;
    const op = OP_START.has(c) ? controlOpAt(text, start) : undefined;
    if (op) {
      this.pos = start + op.length;
      return { type: "op", op, start, end: this.pos };
    }
    const word = readWord(this.ctx, start);
    this.pos = Math.max(word.end, start + 1);
    return { type: "word", word, start, end: this.pos };
  }

  private skipBlanks(): void {
    this.skipRuns(BLANKS);
  }

  /** Blank and comment-only lines after a newline are one separator: filler of that kind costs no token. */
  private skipBlankLines(): void {
    this.skipRuns(BLANK_LINES);
  }

  /** Skips runs `run` matches (natively: a megabyte of blanks is one regex step) and comments. */
  private skipRuns(run: RegExp): void {
    const { text } = this.ctx.source;
    // Most tokens start right away: one look at the character saves the regex call.
    const first = text.charCodeAt(this.pos);
    if (first > 35 && first !== 92) return;
    while (this.pos < this.ctx.limit) {
      run.lastIndex = this.pos;
      run.test(text);
      this.pos = Math.min(run.lastIndex, this.ctx.limit);
      if (this.pos >= this.ctx.limit || text[this.pos] !== "#") return;
      this.skipComment();
    }
  }

  private skipComment(): void {
    const end = this.ctx.source.text.indexOf("\n", this.pos);
    this.pos = end === -1 || end > this.ctx.limit ? this.ctx.limit : end;
  }

  private readProcessSubstitution(start: number): Token {
    const { script, end } = this.ctx.parseNested(this.ctx.source, start + 2, this.ctx.limit, ")", this.ctx.nesting + 1);
    this.pos = end;
    const word: Word = { parts: [{ kind: "procsub", script, start, end }], start, end, source: this.ctx.source };
    return { type: "word", word, start, end };
  }

  private readRedirect(start: number): Token | undefined {
    const { text } = this.ctx.source;
    let i = start;
    while (i < this.ctx.limit && i - start < 4 && text[i]! >= "0" && text[i]! <= "9") i++;
    const op = REDIRECT_START.has(text[i] as string) ? redirectOpAt(text, i) : undefined;
    if (!op || (op.startsWith("&") && i > start)) return undefined;
    const fd = i > start ? Number(text.slice(start, i)) : undefined;
    this.pos = i + op.length;
    this.skipBlanks();
    const target = this.readTarget();
    const heredoc = op === "<<" || op === "<<-" ? this.registerHeredoc(target, op === "<<-") : undefined;
    const end = target ? target.end : this.pos;
    const redirect: Redirect = { fd, op, target, heredoc, start, end };
    return { type: "redirect", redirect, start, end };
  }

  private readTarget(): Word | undefined {
    const c = this.peekChar();
    if (c === "" || c === "\n" || ";&|()".includes(c)) return undefined;
    if ((c === "<" || c === ">") && this.ctx.source.text[this.pos + 1] === "(") {
      const token = this.readProcessSubstitution(this.pos);
      return token.type === "word" ? token.word : undefined;
    }
    if (c === "<" || c === ">") return undefined;
    const word = readWord(this.ctx, this.pos);
    this.pos = word.end;
    return word;
  }

  private registerHeredoc(target: Word | undefined, stripTabs: boolean): Heredoc {
    const heredoc: Heredoc = { bodyStart: this.pos, bodyEnd: this.pos, quotedDelimiter: false, expansions: undefined };
    if (!target) return heredoc;
    let delimiter = "";
    for (const part of target.parts) {
      if (part.kind === "lit") delimiter += part.text;
      if (part.kind !== "lit" || part.quoted) heredoc.quotedDelimiter = true;
    }
    this.pending.push({ delimiter, stripTabs, heredoc });
    return heredoc;
  }

  /** Called just after a newline: each pending heredoc body runs to its delimiter line. */
  private readHeredocBodies(): void {
    const { text } = this.ctx.source;
    for (const { delimiter, stripTabs, heredoc } of this.pending.splice(0)) {
      heredoc.bodyStart = this.pos;
      heredoc.bodyEnd = this.ctx.limit;
      while (this.pos < this.ctx.limit) {
        const newline = text.indexOf("\n", this.pos);
        const lineEnd = newline === -1 || newline > this.ctx.limit ? this.ctx.limit : newline;
        let line = text.slice(this.pos, lineEnd);
        if (stripTabs) line = line.replace(/^\t+/, "");
        if (line.endsWith("\r")) line = line.slice(0, -1);
        if (line === delimiter) {
          heredoc.bodyEnd = this.pos;
          this.pos = Math.min(lineEnd + 1, this.ctx.limit);
          break;
        }
        this.pos = Math.min(lineEnd + 1, this.ctx.limit);
      }
      if (!heredoc.quotedDelimiter) this.scanHeredocExpansions(heredoc);
    }
  }

  private scanHeredocExpansions(heredoc: Heredoc): void {
    const body = this.ctx.source.text.slice(heredoc.bodyStart, heredoc.bodyEnd);
    if (!body.includes("$") && !body.includes("`")) return;
    heredoc.expansions = readExpandingText(this.ctx, heredoc.bodyStart, heredoc.bodyEnd);
  }
}
