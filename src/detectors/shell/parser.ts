// Recursive-descent parser for the shell grammar warden needs: lists, and-or chains, pipelines,
// subshells, brace groups, functions and case arms. Conditionals and loops are flattened into
// the sequence of commands they may run, which is what a guard has to judge.
import { UNLIMITED, type Budget } from "../../engine/budget.ts";
import type { AndOrList, Assignment, Command, Pipeline, Redirect, Script, SimpleCommand, Source, Word } from "./ast.ts";
import { Lexer, type Token } from "./lexer.ts";
import { plainText, TokenStream } from "./token-stream.ts";
import { type NestedParser, skipBalanced } from "./word-reader.ts";

/** Deepest `$(..)`/backtick/`<(..)` nesting parsed within one text; deeper text is skipped. */
const MAX_NESTING = 12;
/**
 * Deepest subshell, brace group, function body or case nesting within one `$(..)` level. Deeper
 * text is left unparsed (the script is incomplete): recursion that deep would exhaust the stack.
 */
const MAX_GROUP_DEPTH = 32;

type Closer = ")" | "}" | "case";

/** Keywords that only introduce or close a flattened construct. */
const TRANSPARENT_KEYWORDS = new Set(["if", "then", "elif", "else", "fi", "do", "done", "while", "until", "!", "time", "coproc"]);

/** Parses `source`; once `budget` is spent the rest is left unparsed and the script incomplete. */
export function parseScript(source: Source, budget: Budget = UNLIMITED): Script {
  const parseNested: NestedParser = (src, start, limit, closer, nesting) => parseRange(src, start, limit, closer, nesting, budget, parseNested);
  return parseNested(source, 0, source.text.length, "eof", 0).script;
}

function parseRange(
  source: Source,
  start: number,
  limit: number,
  closer: ")" | "eof",
  nesting: number,
  budget: Budget,
  parseNested: NestedParser,
): { script: Script; end: number } {
  if (nesting > MAX_NESTING || budget.cutOff) {
    const end = closer === ")" ? skipBalanced(source.text, start - 1, limit, "(", ")") : limit;
    return { script: { items: [], source, incomplete: true }, end };
  }
  const parser = new Parser(new Lexer(source, start, limit, nesting, parseNested, budget), budget);
  const closers = new Set<Closer>(closer === ")" ? [")"] : []);
  const items = parser.parseList(closers);
  if (parser.incomplete) {
    // Resume the enclosing text after this substitution, as for one nested too deep.
    const end = closer === ")" ? skipBalanced(source.text, start - 1, limit, "(", ")") : limit;
    return { script: { items, source, incomplete: true }, end };
  }
  if (closer === ")") parser.acceptOp(")");
  return { script: { items, source, incomplete: false }, end: parser.offset };
}

class Parser extends TokenStream {
  private depth = 0;

  private closes(token: Token, closers: Set<Closer>): boolean {
    if (token.type === "eof") return true;
    if (token.type === "op") {
      return (closers.has(")") && token.op === ")") || (closers.has("case") && token.op.startsWith(";;")) || (closers.has("case") && token.op === ";&");
    }
    if (token.type !== "word") return false;
    const text = plainText(token.word);
    return (closers.has("}") && text === "}") || (closers.has("case") && text === "esac");
  }

  parseList(closers: Set<Closer>): AndOrList[] {
    const items: AndOrList[] = [];
    while (!this.stopped()) {
      const token = this.peek();
      if (this.closes(token, closers)) return items;
      if (token.type === "op" && (token.op === "\n" || token.op === ";" || token.op === "&")) {
        this.take();
        continue;
      }
      const before = this.offset;
      const item = this.parseAndOr(closers);
      if (item.pipelines.length > 0) items.push(item);
      if (this.acceptOp("&") && item.pipelines.length > 0) item.background = true;
      if (this.offset === before && !this.closes(this.peek(), closers)) this.take();
    }
    return items;
  }

  private parseAndOr(closers: Set<Closer>): AndOrList {
    const pipelines: Pipeline[] = [];
    while (!this.stopped()) {
      const pipeline = this.parsePipeline(closers);
      if (pipeline) pipelines.push(pipeline);
      if (!this.acceptOp("&&") && !this.acceptOp("||")) break;
      this.skipNewlines();
    }
    return { pipelines, background: false };
  }

  private parsePipeline(closers: Set<Closer>): Pipeline | undefined {
    const commands: Command[] = [];
    while (!this.stopped()) {
      const command = this.parseCommand(closers);
      if (command) commands.push(command);
      if (!this.acceptOp("|") && !this.acceptOp("|&")) break;
      this.skipNewlines();
    }
    if (commands.length === 0) return undefined;
    return { commands, start: commands[0]!.start, end: commands[commands.length - 1]!.end };
  }

  private parseCommand(closers: Set<Closer>): Command | undefined {
    if (this.depth >= MAX_GROUP_DEPTH) {
      this.incomplete = true;
      return undefined;
    }
    this.depth++;
    const command = this.parseCompound(closers);
    this.depth--;
    return command;
  }

  private parseCompound(closers: Set<Closer>): Command | undefined {
    let token = this.peek();
    let keyword = token.type === "word" ? plainText(token.word) : undefined;
    let closedBlock = false;
    while (keyword !== undefined && TRANSPARENT_KEYWORDS.has(keyword)) {
      closedBlock = keyword === "done" || keyword === "fi";
      this.take();
      token = this.peek();
      keyword = token.type === "word" ? plainText(token.word) : undefined;
    }
    if (this.closes(token, closers)) return undefined;
    // `done > out`: the redirection belongs to the whole loop, not to an empty command.
    if (closedBlock && token.type === "redirect") return this.group(false, [], this.parseRedirects(), token.start);
    if (token.type === "op" && token.op === "(") return this.parseSubshell();
    if (token.type !== "word" && token.type !== "redirect") return undefined;
    if (keyword === "{") return this.parseBraceGroup(closers);
    if (keyword === "case") return this.parseCase(closers);
    if (keyword === "function") return this.parseFunctionKeyword(closers);
    if (keyword === "[[") return this.parseTestCommand();
    if (keyword === "for" || keyword === "select") return this.parseFor();
    return this.parseSimple(closers);
  }

  private parseSubshell(): Command | undefined {
    const open = this.take();
    if (this.lexer.peekChar() === "(") {
      this.lexer.skipArithmetic();
      return this.emptyCommand(open.start, this.lexer.offset);
    }
    const body = this.parseList(new Set([")"]));
    this.acceptOp(")");
    const redirects = this.parseRedirects();
    return this.group(true, body, redirects, open.start);
  }

  private parseBraceGroup(closers: Set<Closer>): Command {
    const open = this.take();
    const inner = new Set<Closer>(closers);
    inner.add("}");
    const body = this.parseList(inner);
    this.acceptKeyword("}");
    return this.group(false, body, this.parseRedirects(), open.start);
  }

  private group(subshell: boolean, items: AndOrList[], redirects: Redirect[], start: number): Command {
    const body: Script = { items, source: this.lexer.source, incomplete: false };
    return { type: "group", subshell, body, redirects, start, end: Math.max(start, this.lastEnd) };
  }

  private parseRedirects(): Redirect[] {
    const redirects: Redirect[] = [];
    for (let token = this.peek(); token.type === "redirect"; token = this.peek()) {
      redirects.push(token.redirect);
      this.take();
    }
    return redirects;
  }

  private parseCase(closers: Set<Closer>): Command {
    const start = this.take().start;
    const subject = this.peek();
    const words = subject.type === "word" ? [this.caseWord(start), (this.take() as { word: Word }).word] : [];
    const header: SimpleCommand = this.simple([], words, [], start);
    this.skipNewlines();
    this.acceptKeyword("in");
    const items: AndOrList[] = [{ pipelines: [{ commands: [header], start, end: header.end }], background: false }];
    const inner = new Set<Closer>(closers);
    inner.add("case");
    while (!this.stopped()) {
      this.skipSeparators();
      const token = this.peek();
      if (token.type === "eof" || this.acceptKeyword("esac")) break;
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

  private skipSeparators(): void {
    while (this.acceptOp("\n") || this.acceptOp(";"));
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

  private parseFunctionKeyword(closers: Set<Closer>): Command | undefined {
    const start = this.take().start;
    const nameToken = this.take();
    const name = nameToken.type === "word" ? (plainText(nameToken.word) ?? "") : "";
    if (this.acceptOp("(")) this.acceptOp(")");
    this.skipNewlines();
    const body = this.parseCommand(closers);
    return body ? { type: "function", name, body, start, end: body.end } : undefined;
  }

  /** `[[ .. ]]`: its operators are not shell operators, so only its words are kept. */
  private parseTestCommand(): Command {
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

  private parseFor(): Command {
    const first = this.take() as { word: Word; start: number };
    if (this.peek().type === "op" && this.lexer.peekChar() === "(" && this.acceptOp("(")) {
      this.lexer.skipArithmetic();
      return this.emptyCommand(first.start, this.lexer.offset);
    }
    const words: Word[] = [first.word];
    for (let token = this.peek(); token.type === "word" && !this.stopped(); token = this.peek()) {
      if (plainText(token.word) === "do") break;
      words.push(token.word);
      this.take();
    }
    return this.simple([], words, [], first.start);
  }

  private parseSimple(closers: Set<Closer>): Command | undefined {
    const start = this.peek().start;
    const assignments: Assignment[] = [];
    const words: Word[] = [];
    const redirects: Redirect[] = [];
    for (let token = this.peek(); (token.type === "word" || token.type === "redirect") && !this.stopped(); token = this.peek()) {
      this.take();
      if (token.type === "redirect") {
        redirects.push(token.redirect);
        continue;
      }
      const assignment = words.length === 0 ? this.readAssignment(token.word) : undefined;
      if (assignment) assignments.push(assignment);
      else words.push(token.word);
      if (words.length === 1 && assignments.length === 0 && this.peek().type === "op" && this.acceptOp("(")) {
        return this.parseFunctionBody(token.word, start, closers);
      }
    }
    if (assignments.length + words.length + redirects.length === 0) return undefined;
    return this.simple(assignments, words, redirects, start);
  }

  private parseFunctionBody(nameWord: Word, start: number, closers: Set<Closer>): Command | undefined {
    this.acceptOp(")");
    this.skipNewlines();
    const body = this.parseCommand(closers);
    const name = nameWord.parts.map((part) => (part.kind === "lit" ? part.text : "")).join("");
    return body ? { type: "function", name, body, start, end: body.end } : undefined;
  }

  private readAssignment(word: Word): Assignment | undefined {
    const first = word.parts[0];
    if (first?.kind !== "lit" || first.quoted || !first.text.includes("=")) return undefined;
    const match = /^([A-Za-z_][A-Za-z0-9_]*)\+?=/.exec(first.text);
    if (!match) return undefined;
    const rest = first.text.slice(match[0].length);
    const offset = first.start + match[0].length;
    const head = rest ? [{ ...first, text: rest, start: offset }] : [];
    const value: Word = { parts: [...head, ...word.parts.slice(1)], start: offset, end: word.end, source: word.source };
    if (value.parts.length === 0 && this.peek().type === "op" && this.acceptOp("(")) {
      this.skipArrayElements();
      return { name: match[1] as string, value: undefined, start: word.start, end: this.lastEnd };
    }
    return { name: match[1] as string, value, start: word.start, end: word.end };
  }

  private skipArrayElements(): void {
    for (let token = this.take(); token.type !== "eof" && !this.stopped(); token = this.take()) {
      if (token.type === "op" && token.op === ")") return;
    }
  }

  private simple(assignments: Assignment[], words: Word[], redirects: Redirect[], start: number): SimpleCommand {
    return { type: "simple", assignments, words, redirects, start, end: Math.max(start, this.lastEnd) };
  }

  private emptyCommand(start: number, end: number): SimpleCommand {
    return { type: "simple", assignments: [], words: [], redirects: [], start, end };
  }
}
