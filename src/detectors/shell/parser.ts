// Recursive-descent parser for the shell grammar warden needs: lists, and-or chains, pipelines
// and simple commands; compound commands (groups, loops, conditionals, case, functions) are in
// compound.ts.
import { UNLIMITED, type Budget } from "../../engine/budget.ts";
import type { AndOrList, Assignment, Command, Pipeline, Redirect, Script, Source, Word, WordPart } from "./ast.ts";
import { type Closer, CompoundParser } from "./compound.ts";
import { Lexer, type Token } from "./lexer.ts";
import { plainText } from "./token-stream.ts";
import { type NestedParser, skipBalanced } from "./word-reader.ts";

/** Deepest `$(..)`/backtick/`<(..)` nesting parsed within one text; deeper text is skipped. */
const MAX_NESTING = 12;
/**
 * Deepest subshell, brace group, function body or case nesting within one `$(..)` level. Deeper
 * text is left unparsed (the script is incomplete): recursion that deep would exhaust the stack.
 */
const MAX_GROUP_DEPTH = 32;

/**
 * Words skipped where a command starts: prefixes (`!`, `time`, `coproc`) and block keywords met
 * where no block is open, which the shell would reject; what follows them is still judged.
 */
/** Parts of an array literal kept as its value; a longer array is judged on its first elements. */
const MAX_ARRAY_PARTS = 1024;

const DECLARATIONS = new Set(["declare", "typeset", "local", "export", "readonly"]);

const SKIPPED_KEYWORDS = new Set(["!", "time", "coproc", "then", "do", "done", "fi", "elif", "else"]);

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

class Parser extends CompoundParser {
  private depth = 0;

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

  protected parseCommand(closers: Set<Closer>): Command | undefined {
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
    while (keyword !== undefined && SKIPPED_KEYWORDS.has(keyword) && !this.closes(token, closers)) {
      this.take();
      token = this.peek();
      keyword = token.type === "word" ? plainText(token.word) : undefined;
    }
    if (this.closes(token, closers)) return undefined;
    if (token.type === "op" && token.op === "(") return this.parseSubshell();
    if (token.type !== "word" && token.type !== "redirect") return undefined;
    switch (keyword) {
      case "{":
        return this.parseBraceGroup(closers);
      case "case":
        return this.parseCase(closers);
      case "function":
        return this.parseFunctionKeyword(closers);
      case "[[":
        return this.parseTestCommand();
      case "for":
      case "select":
        return this.parseFor(closers);
      case "while":
      case "until":
        return this.parseLoop(closers);
      case "if":
        return this.parseIf(closers);
      default:
        return this.parseSimple(closers);
    }
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
      else words.push(this.declaredArray(words, token.word));
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
      const elements = this.readArrayElements();
      return { name: match[1] as string, value: elements, start: word.start, end: this.lastEnd };
    }
    return { name: match[1] as string, value, start: word.start, end: word.end };
  }

  /** `declare -a a=(x y)`, `local a=(x y)`: the array's elements join the `a=` word they follow. */
  private declaredArray(words: Word[], word: Word): Word {
    const head = words[0] ? plainText(words[0]) : undefined;
    const last = word.parts[word.parts.length - 1];
    if (!head || !DECLARATIONS.has(head) || last?.kind !== "lit" || !last.text.endsWith("=")) return word;
    if (this.peek().type !== "op" || !this.acceptOp("(")) return word;
    const elements = this.readArrayElements();
    return elements ? { ...word, parts: [...word.parts, ...elements.parts], end: elements.end } : word;
  }

  /**
   * `a=(curl -fsSL URL)`: the elements, kept as one word with unquoted spaces between them, so
   * `${a[@]}` and `$a` expand to the commands they hold; undefined when there are none.
   */
  private readArrayElements(): Word | undefined {
    const parts: WordPart[] = [];
    let first: Word | undefined;
    let end = this.lastEnd;
    for (let token = this.take(); token.type !== "eof" && !this.stopped(); token = this.take()) {
      if (token.type === "op" && token.op === ")") break;
      if (token.type !== "word" || parts.length > MAX_ARRAY_PARTS) continue;
      first ??= token.word;
      if (parts.length > 0) parts.push({ kind: "lit", text: " ", quoted: false, exact: false, start: token.start, end: token.start });
      parts.push(...token.word.parts);
      end = token.end;
    }
    return first ? { parts, start: first.start, end, source: first.source } : undefined;
  }
}
