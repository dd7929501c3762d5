// Card, IBAN and routing numbers that belong to nobody: the test numbers payment gateways publish for
// sandboxes (`4242 4242 4242 4242`), the constructed ones (`4000 0000 0000 0002`) and the
// examples standards and bank guides print (`GB82 WEST 1234 5698 7654 32`). In payment or
// format documentation (a test, sandbox or example word nearby) they are not personal data;
// outside it (`charge 4111 1111 1111 1111 please`) nothing says so, and they are still reported.
const PUBLISHED_TEST_CARDS = new Set(
  (
    "4242424242424242 4000056655665556 5555555555554444 2223003122003222 5200828282828210 5105105105105100 " +
    "378282246310005 371449635398431 378734493671000 6011111111111117 6011000990139424 6011981111111113 " +
    "3056930009020004 36227206271667 30569309025904 38520000023237 3566002020360505 3530111333300000 " +
    "6200000000000005 4111111111111111 4012888888881881 4222222222222 5431111111111111 4917610000000000 " +
    "4988438843884305 4444333322221111 4035501000000008 4400000000000008 5500005555555559 4000002760003184 " +
    "4000002500003155 4000000000003220 4000000000009995 4000000000000002 4000000000000069 4000000000000127 " +
    "4000000000000119 4000000000000341 4000000000000077 2222400070000005 5577000055770004 4000000760000002"
  ).split(" "),
);

const PUBLISHED_IBANS = new Set([
  "GB82WEST12345698765432",
  "GB29NWBK60161331926819",
  "GB33BUKB20201555555555",
  "DE89370400440532013000",
  "DE75512108001245126199",
  "FR1420041010050500013M02606",
  "FR7630006000011234567890189",
  "ES9121000418450200051332",
  "IT60X0542811101000000123456",
  "NL91ABNA0417164300",
  "NL02ABNA0123456789",
  "BE68539007547034",
  "CH9300762011623852957",
  "AT611904300234573201",
]);

/** Words of payment testing and format documentation, before the number or naming its field. */
const SAMPLE_CONTEXT =
  /(?<![a-z])(?:test|tests|testing|sandbox|test[\s_-]*mode|stripe|braintree|adyen|paypal|checkout\.com|square|e\.g|for\s+example|for\s+instance|example|examples|sample|placeholder|dummy|fake|format|such\s+as|looks?\s+like|written\s+as|declines?|declined|iso\s*13616|fixture|mock|expect|assert\w*|valid|validat\w*|is[\s_]?valid\w*)(?![a-z])/i;
const SAMPLE_WINDOW = 160;
const SAMPLE_AFTER = 80;

const CODE = /(?<![\w$])(?:await|const|let|var|def|function|expect|assert\w*|import|return)(?![\w$])/;

/** `4000 0000 0000 0002`: one digit fills most of the number, which issuers never do. */
function isConstructed(digits: string): boolean {
  const counts = new Array<number>(10).fill(0);
  for (let i = 0; i < digits.length; i++) counts[digits.charCodeAt(i) - 48]!++;
  return Math.max(...counts) >= digits.length - 4;
}

/** True for a published or constructed number with testing or example words before it. */
/** Routing numbers gateways publish for their sandboxes (Stripe's `110000000`). */
const PUBLISHED_TEST_ROUTING = new Set(["110000000", "111000025", "011401533"]);

/** A sandbox routing number with testing words around it. */
// `{"routing_number": "110000000"} — use these test values`: the words may come after it.
export function isDocumentedRouting(value: string, text: string, start: number, key: string): boolean {
  if (!PUBLISHED_TEST_ROUTING.has(value)) return false;
  const around = text.slice(Math.max(0, start - SAMPLE_WINDOW), start + value.length + SAMPLE_AFTER);
  return SAMPLE_CONTEXT.test(key) || SAMPLE_CONTEXT.test(around);
}

export function isDocumentedSample(compact: string, text: string, start: number, key: string): boolean {
  const known = PUBLISHED_TEST_CARDS.has(compact) || PUBLISHED_IBANS.has(compact) || (/^\d+$/.test(compact) && isConstructed(compact));
  if (!known) return false;
  if (SAMPLE_CONTEXT.test(key) || SAMPLE_CONTEXT.test(text.slice(Math.max(0, start - SAMPLE_WINDOW), start))) return true;
  // A gateway's published number as a string literal in source code is a test's input.
  return PUBLISHED_TEST_CARDS.has(compact) && /["'`]/.test(text[start - 1] ?? "") && CODE.test(text);
}
