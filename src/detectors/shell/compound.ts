// Compound commands: subshells, brace groups, case, for/select, while/until, if and function
// definitions. Each becomes a group whose body lists the commands it may run, so a loop that is a
// pipeline stage (`curl .. | while read l; do eval "$l"; done`) reads that stage's input.
import type { AndOrList, Command, Redirect, Script, SimpleCommand, Word } from "./ast.ts";
import { plainText, TokenStream } from "./token-stream.ts";
import type { Token } from "./lexer.ts";

/** What ends the list being parsed: a `)`, a `}`, a case arm, or one of a block's keywords. */
export type Closer = ")" | "}" | "case" | "do" | "done" | "then" | "elif" | "else" | "fi";

const KEYWORD_CLOSERS = new Set<string>(["}", "do", "done", "then", "elif", "else", "fi"]);

export abstract class CompoundParser extends TokenStream {
  abstract parseList(closers: Set<Closer>): AndOrList[];
  protected abstract parseCommand(closers: Set<Closer>): Command | undefined;

  protected closes(token: Token, closers: Set<Closer>): boolean {
    if (token.type === "eof") return true;
    if (token.type === "op") {
      return (closers.has(")") && token.op === ")") || (closers.has("case") && (token.op.startsWith(";;") || token.op === ";&"));
    }
    if (token.type !== "word") return false;
    const text = plainText(token.word);
    if (text === undefined) return false;
    return (KEYWORD_CLOSERS.has(text) && closers.has(text as Closer)) || (closers.has("case") && text === "esac");
  }

  /** The closers of a nested block: its own keywords, and the enclosing ones so a typo cannot run away. */
  protected within(closers: Set<Closer>, ...own: Closer[]): Set<Closer> {
    const inner = new Set<Closer>(closers);
    for (const closer of own) inner.add(closer);
    return inner;
  }

  protected parseSubshell(): Command | undefined {
    const open = this.take();
    if (this.lexer.peekChar() === "(" && this.lexer.skipArithmetic()) return this.emptyCommand(open.start, this.lexer.offset);
    const body = this.parseList(new Set([")"]));
    this.acceptOp(")");
    return this.group(true, body, this.parseRedirects(), open.start);
  }

  protected parseBraceGroup(closers: Set<Closer>): Command {
    const open = this.take();
    const body = this.parseList(this.within(closers, "}"));
    this.acceptKeyword("}");
    return this.group(false, body, this.parseRedirects(), open.start);
  }

  /** `while|until LIST; do LIST; done`: the condition and the body both run. */
  protected parseLoop(closers: Set<Closer>): Command {
    const start = this.take().start;
    const items = this.parseList(this.within(closers, "do"));
    if (this.acceptKeyword("do")) items.push(...this.parseList(this.within(closers, "done")));
    this.acceptKeyword("done");
    return this.group(false, items, this.parseRedirects(), start);
  }

  /** `if LIST; then LIST; [elif LIST; then LIST;]... [else LIST;] fi`: every branch may run. */
  protected parseIf(closers: Set<Closer>): Command {
    const start = this.take().start;
    const items: AndOrList[] = [];
    const branch = this.within(closers, "then", "elif", "else", "fi");
    while (!this.stopped()) {
      items.push(...this.parseList(branch));
      if (this.acceptKeyword("then") || this.acceptKeyword("elif") || this.acceptKeyword("else")) continue;
      break;
    }
    this.acceptKeyword("fi");
    return this.group(false, items, this.parseRedirects(), start);
  }

  /** `for NAME [in WORDS]; do LIST; done`: the header is kept as a command, so its words expand. */
  protected parseFor(closers: Set<Closer>): Command {
    const first = this.take() as { word: Word; start: number };
    const items: AndOrList[] = [];
    if (this.peek().type === "op" && this.lexer.peekChar() === "(" && this.acceptOp("(")) {
      this.lexer.skipArithmetic();
    } else {
      const words: Word[] = [first.word];
      for (let token = this.peek(); token.type === "word" && !this.stopped(); token = this.peek()) {
        if (plainText(token.word) === "do") break;
        words.push(token.word);
        this.take();
      }
      const header = this.simple([], words, [], first.start);
      items.push({ pipelines: [{ commands: [header], start: header.start, end: header.end }], background: false });
    }
    while (this.acceptOp(";") || this.acceptOp("\n"));
    if (this.acceptKeyword("do")) items.push(...this.parseList(this.within(closers, "done")));
    else if (this.peek().type === "word" && plainText((this.peek() as { word: Word }).word) === "{") items.push(...this.braceBody(closers));
    this.acceptKeyword("done");
    return this.group(false, items, this.parseRedirects(), first.start);
  }

  private braceBody(closers: Set<Closer>): AndOrList[] {
    this.take();
    const body = this.parseList(this.within(closers, "}"));
    this.acceptKeyword("}");
    return body;
  }

  protected parseCase(closers: Set<Closer>): Command {
    const start = this.take().start;
    const subject = this.peek();
    const words = subject.type === "word" ? [this.caseWord(start), (this.take() as { word: Word }).word] : [];
    const header = this.simple([], words, [], start);
    this.skipNewlines();
    this.acceptKeyword("in");
    const items: AndOrList[] = [{ pipelines: [{ commands: [header], start, end: header.end }], background: false }];
    const inner = this.within(closers, "case");
    while (!this.stopped()) {
      while (this.acceptOp("\n") || this.acceptOp(";"));
      if (this.peek().type === "eof" || this.acceptKeyword("esac")) break;
      this.acceptOp("(");
      if (!this.skipPatterns()) break;
      items.push(...this.parseList(inner));
      if (!this.acceptOp(";;") && !this.acceptOp(";&") && !this.acceptOp(";;&")) {
        this.acceptKeyword("esac");
        break;
      }
    }
    return this.group(false, items, this.parseRedirects(), start);
  }

  private caseWord(start: number): Word {
    const source = this.lexer.source;
    return { parts: [{ kind: "lit", text: "case", quoted: false, exact: true, start, end: start + 4 }], start, end: start + 4, source };
  }

  /** Skips `pat | pat )`; false at end of input. */
  private skipPatterns(): boolean {
    while (!this.stopped()) {
      const token = this.take();
      if (token.type === "eof") return false;
      if (token.type === "op" && token.op === ")") return true;
    }
    return false;
  }

  protected parseFunctionKeyword(closers: Set<Closer>): Command | undefined {
    const start = this.take().start;
    const nameToken = this.take();
    const name = nameToken.type === "word" ? (plainText(nameToken.word) ?? "") : "";
    if (this.acceptOp("(")) this.acceptOp(")");
    this.skipNewlines();
    const body = this.parseCommand(closers);
    return body ? { type: "function", name, body, start, end: body.end } : undefined;
  }

  /** `[[ .. ]]`: its operators are not shell operators, so only its words are kept. */
  protected parseTestCommand(): Command {
    const first = this.take() as { word: Word; start: number };
    const words: Word[] = [first.word];
    for (let token = this.take(); token.type !== "eof" && !this.stopped(); token = this.take()) {
      if (token.type === "word") {
        if (plainText(token.word) === "]]") break;
        words.push(token.word);
      }
    }
    return this.simple([], words, [], first.start);
  }

  protected group(subshell: boolean, items: AndOrList[], redirects: Redirect[], start: number): Command {
    const body: Script = { items, source: this.lexer.source, incomplete: false };
    return { type: "group", subshell, body, redirects, start, end: Math.max(start, this.lastEnd) };
  }

  protected parseRedirects(): Redirect[] {
    const redirects: Redirect[] = [];
    for (let token = this.peek(); token.type === "redirect"; token = this.peek()) {
      redirects.push(token.redirect);
      this.take();
    }
    return redirects;
  }

  protected simple(assignments: SimpleCommand["assignments"], words: Word[], redirects: Redirect[], start: number): SimpleCommand {
    return { type: "simple", assignments, words, redirects, start, end: Math.max(start, this.lastEnd) };
  }

  protected emptyCommand(start: number, end: number): SimpleCommand {
    return { type: "simple", assignments: [], words: [], redirects: [], start, end };
  }
}
