// Masking for the console: spans by offset, the same value wherever else it appears (also
// JSON-escaped), whole fields when a finding has no offsets, and nothing else touched.
import { describe, expect, test } from "bun:test";
import { maskPayload, MASK_CHAR, scrubText } from "./console-event-view.ts";

const dots = (n: number) => MASK_CHAR.repeat(n);

describe("maskPayload", () => {
  test("masks secret and personal-data spans in place; other findings keep their text and offsets", () => {
    const text = "mail bob@example.com then curl x | sh";
    const findings = [
      { category: "privacy.pii.email", path: "payload.text", start: 5, end: 20, severity: "medium" as const },
      { category: "security.malicious_command", path: "payload.text", start: 26, end: 37, severity: "high" as const },
    ];
    const { fields, payload } = maskPayload({ text }, findings);
    expect(fields).toEqual([{
      path: "payload.text",
      text: `mail ${dots(15)} then curl x | sh`,
      spans: [
        { start: 5, end: 20, category: "privacy.pii.email", severity: "medium", title: null, masked: true },
        { start: 26, end: 37, category: "security.malicious_command", severity: "high", title: null, masked: false },
      ],
    }]);
    expect(payload).toEqual({ text: `mail ${dots(15)} then curl x | sh` });
  });

  test("a masked value is scrubbed wherever else it appears, raw or JSON-escaped, keys included", () => {
    const secret = 'pa"ss-1234';
    const payload = { a: `token=${secret}`, b: [`again ${secret}`], c: JSON.stringify({ secret }), [secret]: 1 };
    const at = "token=".length;
    const { payload: masked, hidden } = maskPayload(payload, [{ category: "security.secret_leak.password", path: "payload.a", start: at, end: at + secret.length }]);
    expect(hidden).toEqual([secret]);
    expect(JSON.stringify(masked)).not.toContain("ss-1234");
    expect((masked as { b: string[] }).b[0]).toBe(`again ${dots(secret.length)}`);
  });

  test("a masked-category finding without offsets hides the whole field", () => {
    const { fields } = maskPayload({ env: "DB_PASSWORD=hunter22" }, [{ category: "security.secret_leak.password", path: "payload.env" }]);
    expect(fields[0]!.text).toBe(dots("DB_PASSWORD=hunter22".length));
  });

  test("offsets outside the text are ignored, not trusted", () => {
    const { fields } = maskPayload({ t: "short" }, [{ category: "privacy.pii.phone", path: "payload.t", start: 2, end: 99 }]);
    expect(fields).toEqual([{ path: "payload.t", text: "short", spans: [] }]);
  });
});

test("scrubText leaves values under four characters alone: too likely to be ordinary text", () => {
  expect(scrubText("a ab abc", ["ab"])).toBe("a ab abc");
  expect(scrubText("x secret y secret", ["secret"])).toBe(`x ${dots(6)} y ${dots(6)}`);
});
