import { describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import type { DetectorOutcome } from "../../engine/detector.ts";
import { createInspectedEvent } from "../../engine/inspected-event.ts";
import type { GuardEvent, Redaction } from "../../wire/guard-event.ts";
import {
  isAhvValid,
  isAuMedicareValid,
  isBsnValid,
  isCurpValid,
  isNricValid,
  isRutValid,
  isCnResidentIdValid,
  isFrenchNirValid,
  isIbanChecksumValid,
  isItalianFiscalCodeValid,
  isKoreanRrnValid,
  isLuhnValid,
  isMyNumberValid,
  isNhsNumberValid,
  isPeselDate,
  isPeselValid,
  isSteuerIdValid,
  isTfnValid,
  isVerhoeffValid,
} from "./checksums.ts";
import negativeCases from "./fixtures/negative.json";
import mixedRecords from "./fixtures/mixed-records.json";
import actionAddresses from "./fixtures/action-addresses.json";
import positiveCases from "./fixtures/positive.json";
import publicNegative from "./fixtures/public-negative.json";
import recordsNegative from "./fixtures/records-negative.json";
import recordsPositive from "./fixtures/records-positive.json";
import shapesNegative from "./fixtures/shapes-negative.json";
import shapesPositive from "./fixtures/shapes-positive.json";
import worldNegative from "./fixtures/world-negative.json";
import worldPositive from "./fixtures/world-positive.json";
import encodedNegative from "./fixtures/encoded-negative.json";
import encodedPositive from "./fixtures/encoded-positive.json";
import data4Negative from "./fixtures/data4-negative.json";
import data4Positive from "./fixtures/data4-positive.json";
import data4Round2 from "./fixtures/data4-round2.json";
import data4Round3 from "./fixtures/data4-round3.json";
import { piiDetector, type PiiConfig } from "./index.ts";
import { describeDecoding, inspectWith, makeEvent } from "../test-support.ts";

interface Fixture {
  name: string;
  kind: string;
  payload: Record<string, unknown>;
  provenance?: GuardEvent["provenance"];
  /** Personal values planted in the payload; each must be found exactly and never echoed. */
  planted?: string[];
  expect: { decision: string; categories?: string[]; check_ids?: string[] };
}


const inspect = (event: GuardEvent, config: PiiConfig = piiDetector.defaultConfig): DetectorOutcome => inspectWith(piiDetector, event, config);

const unique = (values: readonly (string | undefined)[]): string[] =>
  [...new Set(values.filter((v): v is string => v !== undefined))].sort();

function textsOf(event: GuardEvent): Map<string, string> {
  return new Map(createInspectedEvent(event).texts().map((f) => [f.path, f.text]));
}

function expectFixture(fixture: Fixture): void {
  const event = makeEvent(fixture.kind, fixture.payload, fixture.provenance ? { provenance: fixture.provenance } : {});
  const outcome = inspect(event);
  const texts = textsOf(event);
  const found = outcome.findings.map((f) => texts.get(f.path!)!.slice(f.start, f.end));
  expect({ decision: outcome.decision, found }).toMatchObject({ decision: fixture.expect.decision });
  if (fixture.expect.categories) {
    expect(unique(outcome.findings.map((f) => f.category))).toEqual(unique(fixture.expect.categories));
  }
  if (fixture.expect.check_ids) {
    expect(unique(outcome.findings.map((f) => f.check_id))).toEqual(unique(fixture.expect.check_ids));
  }
  const serialized = JSON.stringify(outcome);
  for (const value of fixture.planted ?? []) {
    expect(found).toContain(value);
    expect(serialized).not.toContain(value);
  }
  if (fixture.planted) expect(found.toSorted()).toEqual(fixture.planted.toSorted());
}

describe("pii detector: positive fixtures", () => {
  test("the corpus is large enough", () => expect(positiveCases.length).toBeGreaterThanOrEqual(40));
  for (const fixture of positiveCases as Fixture[]) test(fixture.name, () => expectFixture(fixture));
});

describe("pii detector: negative fixtures", () => {
  test("the corpus is large enough", () => expect(negativeCases.length).toBeGreaterThanOrEqual(40));
  for (const fixture of negativeCases as Fixture[]) test(fixture.name, () => expectFixture(fixture));
});

// Personal data in the shapes agents read it in (table exports, query results, API records,
// logs, letters) and benign text of the same shapes (schemas, placeholders, sample numbers).
describe("pii detector: records", () => {
  for (const fixture of recordsPositive as Fixture[]) test(`finds ${fixture.name}`, () => expectFixture(fixture));
  for (const fixture of recordsNegative as Fixture[]) test(`allows ${fixture.name}`, () => expectFixture(fixture));
  for (const fixture of shapesPositive as Fixture[]) test(`finds ${fixture.name}`, () => expectFixture(fixture));
  for (const fixture of shapesNegative as Fixture[]) test(`allows ${fixture.name}`, () => expectFixture(fixture));
  for (const fixture of worldPositive as Fixture[]) test(`finds ${fixture.name}`, () => expectFixture(fixture));
  for (const fixture of worldNegative as Fixture[]) test(`allows ${fixture.name}`, () => expectFixture(fixture));
  for (const fixture of publicNegative as Fixture[]) test(`allows ${fixture.name}`, () => expectFixture(fixture));
  for (const fixture of mixedRecords as Fixture[]) test(`judges ${fixture.name}`, () => expectFixture(fixture));
  for (const fixture of actionAddresses as Fixture[]) test(`judges ${fixture.name}`, () => expectFixture(fixture));
});

// Personal data as it really appears (addresses in many countries' formats, numbers with words
// around them, ids named by their label in several languages) and neighbours of the same shapes.
describe("pii detector: data where it really appears", () => {
  for (const fixture of data4Positive as Fixture[]) test(`finds ${fixture.name}`, () => expectFixture(fixture));
  for (const fixture of data4Negative as Fixture[]) test(`allows ${fixture.name}`, () => expectFixture(fixture));
  for (const fixture of data4Round2 as Fixture[]) test(`judges ${fixture.name}`, () => expectFixture(fixture));
  for (const fixture of data4Round3 as Fixture[]) test(`judges ${fixture.name}`, () => expectFixture(fixture));
});

describeDecoding("pii detector", (event) => inspect(event), { positive: encodedPositive as Fixture[], negative: encodedNegative as Fixture[] }, expectFixture);

describe("findings and redactions", () => {
  const text = "Write to ana.silva@gmail.com or call +351 912 345 678; card 4539 1488 0343 6467.";
  const outcome = inspect(makeEvent("model_output", { text }));

  test("pair every finding with a redaction over the same span and category", () => {
    expect(outcome.findings).toHaveLength(3);
    expect(outcome.redactions).toHaveLength(3);
    for (const [i, finding] of outcome.findings.entries()) {
      expect(outcome.redactions![i]).toMatchObject({
        path: finding.path,
        start: finding.start,
        end: finding.end,
        category: finding.category,
      });
    }
    expect(outcome.redactions!.map((r) => r.label)).toEqual(["EMAIL", "PHONE", "CARD"]);
  });

  test("rate severities by kind and describe findings generically", () => {
    expect(outcome.findings.map((f) => [f.check_id, f.severity, f.detector])).toEqual([
      ["pii.email", "medium", "pii"],
      ["pii.phone", "medium", "pii"],
      ["pii.bank_card", "high", "pii"],
    ]);
    expect(outcome.reasons).toEqual(["3 personal data value(s) found: bank_card, email, phone_number"]);
    const ip = inspect(makeEvent("model_output", { text: "from 81.2.69.160" }));
    expect(ip.findings[0]!.severity).toBe("low");
  });

  test("give one value one fingerprint wherever it appears", () => {
    const twice = inspect(makeEvent("tool_call", { a: "x ana.silva@gmail.com", b: { c: "ana.silva@gmail.com y" } }));
    const [first, second] = twice.redactions!;
    expect(first!.fingerprint).toBe(second!.fingerprint);
    expect(first!.fingerprint).not.toContain("ana.silva");
    expect([first!.path, second!.path]).toEqual(["payload.a", "payload.b.c"]);
  });
});

describe("checksums", () => {
  test("accept valid check digits and reject a changed digit", () => {
    expect([isLuhnValid("4539148803436467"), isLuhnValid("4539148803436468")]).toEqual([true, false]);
    expect([isIbanChecksumValid("DE89370400440532013000"), isIbanChecksumValid("DE88370400440532013000")]).toEqual([true, false]);
    expect([isVerhoeffValid("499184203753"), isVerhoeffValid("499184203754")]).toEqual([true, false]);
    expect([isCnResidentIdValid("11010519491231002X"), isCnResidentIdValid("110105194912310021")]).toEqual([true, false]);
    expect([isFrenchNirValid("2690375123456", "96"), isFrenchNirValid("2690375123456", "95")]).toEqual([true, false]);
    expect([isItalianFiscalCodeValid("BNCGPP80A01H501E"), isItalianFiscalCodeValid("BNCGPP80A01H501F")]).toEqual([true, false]);
    expect([isNhsNumberValid("7626705068"), isNhsNumberValid("7626705069")]).toEqual([true, false]);
    expect([isSteuerIdValid("74289601314"), isSteuerIdValid("74289601315")]).toEqual([true, false]);
    expect([isBsnValid("473143379"), isBsnValid("473143378")]).toEqual([true, false]);
  });

  test("PESEL, My Number, Korean RRN and TFN check digits", () => {
    // PESEL 44051401359 is the one in the Polish government's own description of the checksum.
    expect([isPeselValid("44051401359"), isPeselValid("44051401358")]).toEqual([true, false]);
    // A PESEL month of 21-32 is a birth in the 2000s; 13-20 exists in no century.
    expect([isPeselDate("02271409862"), isPeselDate("85131214567")]).toEqual([true, false]);
    // 123456789018: the check digit of 12345678901 under the Digital Agency's MOD 11 weights.
    expect([isMyNumberValid("123456789018"), isMyNumberValid("123456789017")]).toEqual([true, false]);
    // 8,0,0,1,0,1,1,2,3,4,5,6 weighted 2..9,2..5 sum to 122; (11 - 122 mod 11) mod 10 = 0.
    expect([isKoreanRrnValid("8001011234560"), isKoreanRrnValid("8001011234563")]).toEqual([true, false]);
    expect([isTfnValid("123456782"), isTfnValid("123456783")]).toEqual([true, false]);
  });

  test("AHV, NRIC, CURP, RUT and Australian Medicare check characters", () => {
    expect([isAhvValid("7569217177491"), isAhvValid("7569217177492")]).toEqual([true, false]);
    expect([isNricValid("S8842715G"), isNricValid("S8842715H")]).toEqual([true, false]);
    expect([isCurpValid("GODE561231HDFRRN00"), isCurpValid("GODE561231HDFRRN01")]).toEqual([true, false]);
    expect([isRutValid("15892471", "4"), isRutValid("15892471", "5")]).toEqual([true, false]);
    expect([isAuMedicareValid("2953817471"), isAuMedicareValid("2953817481")]).toEqual([true, false]);
  });

  test("a Steuer-ID repeats exactly one of its first ten digits", () => {
    // Valid MOD 11,10 check digits, but all ten distinct, or two digits repeated.
    const checked = (body: string): string => [...Array(10).keys()].map(String).map((d) => body + d).find((id) => isSteuerIdValid(id)) ?? "";
    expect(checked("1234567890")).toBe("");
    expect(checked("1122345678")).toBe("");
  });
});

describe("redacted encoding", () => {
  test("skip spans that are placeholders already and still find the rest", () => {
    const placeholder = "${SVC_EMAIL_1}";
    const text = `mail ${placeholder} or +44 20 7946 0958`;
    const start = text.indexOf(placeholder);
    const redactions: Redaction[] = [{ path: "payload.text", start, end: start + placeholder.length }];
    const outcome = inspect(makeEvent("model_output", { text }, { content_encoding: "redacted", redactions }));
    expect(outcome.findings.map((f) => [f.check_id, text.slice(f.start, f.end)])).toEqual([["pii.phone", "+44 20 7946 0958"]]);
  });

  test("do not report a value inside an already redacted span", () => {
    const text = "card 4539 1488 0343 6467";
    const redactions: Redaction[] = [{ path: "payload.text", start: 5, end: text.length }];
    const outcome = inspect(makeEvent("model_output", { text }, { content_encoding: "redacted", redactions }));
    expect(outcome).toMatchObject({ decision: "allow", findings: [] });
  });
});

describe("configuration", () => {
  const text = "mail ana.silva@gmail.com from 81.2.69.160";

  test("the default configuration validates against the schema", () => {
    expect(Value.Check(piiDetector.configSchema, piiDetector.defaultConfig)).toBe(true);
    expect(Value.Check(piiDetector.configSchema, { action: "block" })).toBe(false);
    expect(Value.Check(piiDetector.configSchema, { unknown: 1 })).toBe(false);
  });

  test("allow with findings and no redactions when action is allow", () => {
    const outcome = inspect(makeEvent("model_output", { text }), { action: "allow" });
    expect(outcome.decision).toBe("allow");
    expect(outcome.redactions).toBeUndefined();
    expect(outcome.findings.map((f) => f.check_id)).toEqual(["pii.email", "pii.ip_address"]);
  });

  test("disable checks by check id or category prefix", () => {
    const byId = inspect(makeEvent("model_output", { text }), { categories: ["pii.ip_address"] });
    expect(byId.findings.map((f) => f.check_id)).toEqual(["pii.email"]);
    const byCategory = inspect(makeEvent("model_output", { text }), { categories: ["privacy.pii.email"] });
    expect(byCategory.findings.map((f) => f.check_id)).toEqual(["pii.ip_address"]);
    const ids = inspect(makeEvent("user_input", { text: "SSN 536-22-8451" }), { categories: ["privacy.pii.national_id"] });
    expect(ids.decision).toBe("allow");
  });
});

describe("large, unextracted and garbage payloads", () => {
  test("scan a 1 MiB text and find a value planted at its end", () => {
    const planted = "ana.silva@gmail.com";
    const filler = "order 4000123412341235 at 2024-01-15 10:30 from 10.0.0.1, v1.2.3 a@b x:y:z 555-12 ";
    const text = `${filler.repeat(Math.ceil((1 << 20) / filler.length)).slice(0, (1 << 20) - planted.length - 1)} ${planted}`;
    const outcome = inspect(makeEvent("tool_result", { result: text }));
    expect(outcome.findings.map((f) => text.slice(f.start, f.end))).toEqual([planted]);
  });

  // Fourteen 1 MiB texts: 2.7 s measured with other work on the machine (2026-11-27); the bound
  // keeps a tenfold margin over that, and a quadratic scan takes hours.
  test("complete on adversarial 1 MiB inputs", () => {
    const size = (1 << 20) - 16;
    const units = ["9", "1 ", "+1 (2) 3-", "a.b@", "1.2.", "2a00:", "dob 1", "AB12", "DE89 ", "address 1 Elm St, "];
    // Table columns, SQL tuples, labelled names and bank labels, repeated.
    units.push("name,ssn,dob\nAb Cd,123-45-6789,1990-01-01\n", "insert into t (dob) values ('1990-01-01'),", "Patient: Ab Cd ", "sort code 11-22-33 account no 1234567 ");
    for (const unit of units) {
      const outcome = inspect(makeEvent("tool_result", { result: unit.repeat(Math.floor(size / unit.length)) }));
      expect(outcome.findings.length).toBeLessThanOrEqual(256);
    }
  }, 60_000);

  test("report fields too large to extract as unjudged", () => {
    const outcome = inspect(makeEvent("tool_result", { small: "ok", huge: "a".repeat((1 << 20) + 1) }));
    expect(outcome.unjudged).toEqual(["payload.huge"]);
    expect(outcome.decision).toBe("allow");
  });

  test("do not throw on garbage payloads", () => {
    let deep: Record<string, unknown> = { text: "+44 20 7946 0958" };
    for (let i = 0; i < 100; i++) deep = { nested: deep };
    const payloads: unknown[] = [{}, { text: 42 }, { a: null, b: [1, true, { c: undefined }] }, deep, { "we ird\"key": "\u0000\uffff\ud800" }];
    for (const payload of payloads) expect(() => inspect(makeEvent("tool_call", payload as Record<string, unknown>))).not.toThrow();
    const badRedactions = [null, { path: 1, start: "x", end: -5 }] as unknown as Redaction[];
    expect(() => inspect(makeEvent("model_output", { text: "a" }, { content_encoding: "redacted", redactions: badRedactions }))).not.toThrow();
  });
});
