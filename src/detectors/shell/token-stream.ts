// One-token lookahead over the lexer, with the small accept/skip helpers the parser uses, and
// the budget check every loop that consumes tokens makes.
import type { Budget } from "../../engine/budget.ts";
import type { Word } from "./ast.ts";
import type { Lexer, Token } from "./lexer.ts";

/** The literal text of a word made only of unquoted literal characters, else undefined. */
export function plainText(word: Word): string | undefined {
  if (word.parts.length !== 1) return undefined;
  const part = word.parts[0];
  return part?.kind === "lit" && !part.quoted ? part.text : undefined;
}

export class TokenStream {
  private lookahead: Token | undefined;
  /** End offset of the last token taken: where the construct being parsed ends. */
  protected lastEnd = 0;
  /** Set when parsing stopped early (budget spent, nesting too deep); nothing more is read. */
  incomplete = false;

  constructor(
    protected readonly lexer: Lexer,
    private readonly budget: Budget,
  ) {}

  /** Whether to stop reading: checked in every loop that consumes tokens. */
  protected stopped(): boolean {
    if (!this.incomplete && this.budget.spent()) this.incomplete = true;
    return this.incomplete;
  }

  get offset(): number {
    return this.lookahead ? this.lookahead.start : this.lexer.offset;
  }

  protected peek(): Token {
    this.lookahead ??= this.lexer.next();
    return this.lookahead;
  }

  protected take(): Token {
    const token = this.peek();
    this.lookahead = undefined;
    if (token.type !== "eof") this.lastEnd = token.end;
    return token;
  }

  acceptOp(op: string): boolean {
    const token = this.peek();
    if (token.type !== "op" || token.op !== op) return false;
    this.take();
    return true;
  }

  protected acceptKeyword(keyword: string): boolean {
    const token = this.peek();
    if (token.type !== "word" || plainText(token.word) !== keyword) return false;
    this.take();
    return true;
  }

  protected skipNewlines(): void {
    while (this.acceptOp("\n"));
  }
}
