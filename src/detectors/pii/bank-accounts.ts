// Domestic bank account numbers, which carry no checksum anyone can verify: they are found by
// what names them. A bank branch code written beside them (UK sort code, Australian BSB,
// German BLZ, Indian IFSC) makes an `account number` a bank account's, as an ABA routing
// number does (national-ids.ts); so does the word `bank` in its label, or a field named for one
// (`account_number`, `Kontonummer`, `numero_de_cuenta`).
import type { Budget } from "../../engine/budget.ts";
import { isAbaRoutingValid } from "./checksums.ts";
import { isDocumentedRouting } from "./sample-numbers.ts";
import { MAX_HITS_PER_FIELD, PII_KINDS, type FieldContext, type PiiHit } from "./pii-kind.ts";
import { cellsUnder, hasColumnNamed } from "../table-columns.ts";

interface BranchCode {
  label: RegExp;
  value: RegExp;
  valid?: (value: string) => boolean;
}

const LINK = /["']?[\s:=#.-]{0,4}["']?\s?(?:(?:is|no|nr|number)[\s:.#=]{1,3})?/y;

const BRANCH_CODES: readonly BranchCode[] = [
  { label: /(?<![a-z])(?:routing|aba|rtn)(?:[\s_-]*(?:number|no|#))?(?![a-z])/gi, value: /\d{9}(?![\w-])/y, valid: isAbaRoutingValid },
  { label: /(?<![a-z])sort[\s_-]*code(?![a-z])/gi, value: /\d{2}([- ]?)\d{2}\1\d{2}(?![\w-])/y },
  { label: /(?<![a-z])bsb(?:[\s_-]*(?:number|no))?(?![a-z])/gi, value: /\d{3}-?\d{3}(?![\w-])/y },
  { label: /(?<![a-z])(?:blz|bankleitzahl)(?![a-z])/gi, value: /\d{3} ?\d{3} ?\d{2}(?![\w-])/y },
  { label: /(?<![a-z])ifsc(?:[\s_-]*code)?(?![a-z])/gi, value: /[A-Z]{4}0[A-Z0-9]{6}(?![\w-])/y },
];

/** `account number: 31926819`, `Kontonummer 0532013000`, `acct # 4410-0928-37`. */
const ACCOUNT_LABEL =
  /(?<![a-z])(?:(?:bank[\s_-]*)?(?:account|acct|a\/c)[\s_-]*(?:number|no|num|nr|#)|kontonummer|konto[\s_-]*nr|rekeningnummer|n[uú]mero[\s_-]+de[\s_-]+cuenta|numero[\s_-]+di[\s_-]+conto|num[ée]ro[\s_-]+de[\s_-]+compte)(?![a-z])/gi;
// Labels that name a bank account in their own language whatever stands beside them: unlike
// English `account number` (a customer's, a cloud's), they are only ever a bank's. Their domestic
// numbers run longer (Spain's CCC 20 digits, Poland's NRB 26, Mexico's CLABE 18).
const NATIONAL_ACCOUNT_LABEL =
  /(?<![a-z])(?:kontonummer|konto[\s_-]*nr|rekeningnummer|n[uú]mero[\s_-]+de[\s_-]+cuenta|numero[\s_-]+di[\s_-]+conto|num[ée]ro[\s_-]+de[\s_-]+compte|numer[\s_-]+rachunku|n[uú]mero[\s_-]+da[\s_-]+conta|conta[\s_-]+corrente|clabe(?:[\s_-]+interbancaria)?)(?![a-z])/gi;
const NATIONAL_ACCOUNT_VALUE = /\d(?:[ -]?\d){5,25}(?![\w-]|\.\d)/y;
const PLAIN_ACCOUNT_LABEL = /(?<![a-z])(?:account|acct|a\/c|konto|rekening|cuenta|conto|compte)(?![a-z])/gi;
const BANK_ACCOUNT_LABEL = /(?<![a-z])bank[\s_-]*(?:account|acct)(?:[\s_-]*(?:number|no|num|nr|#))?(?![a-z])/gi;
const ACCOUNT_VALUE = /\d(?:[ -]?\d){5,16}(?![\w-]|\.\d)/y;
// The whole field name, so `aws_account_number` or `customer_account_no` is not a bank's.
const ACCOUNT_KEY =
  /^(?:(?:bank|beneficiary|recipient|payee|checking|savings|deposit|payout)\s+)?(?:(?:account|acct)\s*(?:number|no|num|nr)|bank\s*account)$|^(?:kontonummer|rekeningnummer|n[uú]mero\s+de\s+cuenta|numero\s+di\s+conto|num[ée]ro\s+de\s+compte)$/;
const ACCOUNT_PREFILTER = /acc|acct|a\/c|konto|rekening|cuenta|conto|conta|compte|rachun|clabe/i;
/** `000000`, `123456`: what a form shows when it means "an account number goes here". */
const FILLER = /(\d)\1{5}|012345|123456|234567|345678|456789|987654/;

/** The value after `at` (past linking punctuation) matching `value`, or undefined. */
function readAfter(text: string, at: number, value: RegExp): { start: number; end: number } | undefined {
  LINK.lastIndex = at;
  LINK.exec(text);
  const start = LINK.lastIndex;
  value.lastIndex = start;
  const m = value.exec(text);
  return m === null ? undefined : { start, end: start + m[0].length };
}

function pushAccount(text: string, span: { start: number; end: number } | undefined, hits: PiiHit[]): void {
  if (span === undefined || FILLER.test(text.slice(span.start, span.end).replace(/\D/g, ""))) return;
  hits.push({ kind: PII_KINDS.bankAccount, ...span, score: 0.85 });
}

function scanLabelled(text: string, label: RegExp, hits: PiiHit[], budget: Budget, value = ACCOUNT_VALUE): void {
  label.lastIndex = 0;
  for (let m = label.exec(text); m !== null && !budget.spent(); m = label.exec(text)) {
    pushAccount(text, readAfter(text, m.index + m[0].length, value), hits);
  }
}

// Table columns (header cells, as lower-case words) of branch codes and of account numbers.
const BRANCH_COLUMN = /^(?:sort code|bsb(?: number)?|blz|bankleitzahl|ifsc(?: code)?|routing(?: number| no)?|aba(?: number)?|rtn)$/;
const ACCOUNT_COLUMN = /^(?:(?:bank )?(?:account|acct)(?: (?:number|no|num|nr))?|kontonummer|rekeningnummer|n[uú]mero de cuenta)$/;
const BANK_COLUMN = /(?<![a-z])(?:bank|iban|bic|swift)(?![a-z])/;

/** A table of bank details: branch codes checked like their labelled forms, then account cells. */
function scanBankColumns(text: string, hits: PiiHit[]): void {
  // A branch directory (bank, branch, sort code) is public; beside account numbers it is not.
  if (!hasColumnNamed(text, ACCOUNT_COLUMN)) return;
  const branch = hasColumnNamed(text, BRANCH_COLUMN);
  if (!branch && !hasColumnNamed(text, BANK_COLUMN)) return;
  for (const cell of branch ? cellsUnder(text, BRANCH_COLUMN, MAX_HITS_PER_FIELD) : []) {
    const value = text.slice(cell.start, cell.end);
    const code = BRANCH_CODES.find((c) => {
      c.value.lastIndex = cell.start;
      const m = c.value.exec(text);
      return m !== null && m[0].length === value.length && (c.valid === undefined || c.valid(value));
    });
    if (code && !/^(\d)\1+$/.test(value.replace(/\D/g, ""))) hits.push({ kind: PII_KINDS.bankAccount, ...cell, score: 0.8 });
  }
  for (const cell of cellsUnder(text, ACCOUNT_COLUMN, MAX_HITS_PER_FIELD)) {
    ACCOUNT_VALUE.lastIndex = cell.start;
    const m = ACCOUNT_VALUE.exec(text);
    if (m !== null && m[0].length === cell.end - cell.start) pushAccount(text, cell, hits);
  }
}

export function scanBankAccounts(text: string, context: FieldContext, hits: PiiHit[], budget: Budget): void {
  if (ACCOUNT_KEY.test(context.key)) {
    const trimmed = text.trim();
    if (/^\d(?:[ -]?\d){5,16}$/.test(trimmed)) pushAccount(text, { start: text.indexOf(trimmed), end: text.indexOf(trimmed) + trimmed.length }, hits);
  }
  if (!ACCOUNT_PREFILTER.test(text)) return;
  scanBankColumns(text, hits);
  let branch = false;
  for (const code of BRANCH_CODES) {
    code.label.lastIndex = 0;
    for (let m = code.label.exec(text); m !== null && !budget.spent(); m = code.label.exec(text)) {
      const span = readAfter(text, m.index + m[0].length, code.value);
      const value = span === undefined ? "" : text.slice(span.start, span.end);
      if (span === undefined || /^(\d)\1+$/.test(value.replace(/\D/g, "")) || (code.valid && !code.valid(value))) continue;
      if (isDocumentedRouting(value, text, span.start, "")) continue;
      hits.push({ kind: PII_KINDS.bankAccount, ...span, score: 0.8 });
      branch = true;
    }
  }
  scanLabelled(text, branch ? ACCOUNT_LABEL : BANK_ACCOUNT_LABEL, hits, budget);
  scanLabelled(text, NATIONAL_ACCOUNT_LABEL, hits, budget, NATIONAL_ACCOUNT_VALUE);
  // Beside a branch code, plain `account 41920375` is the account it belongs to.
  if (branch) scanLabelled(text, PLAIN_ACCOUNT_LABEL, hits, budget);
}
