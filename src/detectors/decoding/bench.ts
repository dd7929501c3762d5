// Micro-benchmark of the span detectors (secrets, PII) on every text field of realistic events:
// median µs per event for 1-4 KB tool results and a 1 KB Bash command, the shapes they judge
// all day. Run: `node_modules/.bin/bun src/detectors/decoding/bench.ts [rounds]`.
import { createInspectedEvent } from "../../engine/inspected-event.ts";
import type { GuardEvent } from "../../wire/guard-event.ts";
import { piiDetector } from "../pii/index.ts";
import { secretsDetector } from "../secrets/index.ts";

const hash = (seed: number, length: number, alphabet = "0123456789abcdef"): string => {
  let state = seed >>> 0;
  let out = "";
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    out += alphabet[state % alphabet.length];
  }
  return out;
};
const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** A lock-file excerpt: every entry carries a registry URL and a base64 integrity hash. */
const lockFile = Array.from({ length: 12 }, (_, i) => `    "node_modules/pkg-${i}": {
      "version": "1.${i}.3",
      "resolved": "https://registry.npmjs.org/pkg-${i}/-/pkg-${i}-1.${i}.3.tgz",
      "integrity": "sha512-${hash(i, 86, B64)}==",
      "dev": true
    },`).join("\n");

/** `git log` output: SHAs, authors, dates and commit prose. */
const gitLog = Array.from({ length: 14 }, (_, i) => `commit ${hash(100 + i, 40)}
Author: Dev Person <dev${i}@users.noreply.github.com>
Date:   Mon Nov ${10 + i} 14:0${i % 10}:11 2026 +0000

    Fix the retry loop in the upload worker so a timeout no longer drops the batch
`).join("\n");

/** A TypeScript source file: long camel-case identifiers, paths and string literals. */
const sourceFile = Array.from({ length: 10 }, (_, i) => `export async function handleIncomingWebhookRequest${i}(request: IncomingRequest): Promise<WebhookResponse> {
  const configurationRepository = createConfigurationRepository(request.workspaceIdentifier);
  const settings = await configurationRepository.loadNotificationSettings("/srv/app/config/notifications.json");
  return { status: 200, body: JSON.stringify({ delivered: settings.enabledChannels.length }) };
}
`).join("\n");

/** An API response: UUIDs, timestamps, URLs. */
const apiResponse = JSON.stringify({
  items: Array.from({ length: 14 }, (_, i) => ({
    id: `${hash(200 + i, 8)}-${hash(300 + i, 4)}-4${hash(400 + i, 3)}-a${hash(500 + i, 3)}-${hash(600 + i, 12)}`,
    created_at: `2026-11-${10 + i}T08:15:00Z`,
    url: `https://api.example.com/v2/projects/${i}/builds?page=2&sort=created_at`,
    status: i % 3 ? "succeeded" : "queued",
  })),
}, null, 2);

const BASH_1KB = [
  "docker run --rm -it --name api-integration-tests --network host",
  "-e NODE_ENV=test -e LOG_LEVEL=debug -e DATABASE_URL=postgres://app@127.0.0.1:5432/app_test",
  "-e FEATURE_FLAGS=newCheckoutFlow,asyncInvoiceExport -v /home/dev/projects/storefront-api:/srv/app",
  "-v /home/dev/.cache/npm:/root/.npm -w /srv/app node:20-bookworm",
  "bash -lc 'npm ci --prefer-offline && npm run migrate:test && npx vitest run --reporter=verbose",
  "--coverage --coverage.reporter=text-summary tests/integration/checkoutFlow.test.ts",
  "tests/integration/invoiceExport.test.ts tests/integration/webhookDelivery.test.ts'",
  "&& git -C /home/dev/projects/storefront-api log --oneline -n 5 && du -sh node_modules",
  "| tee /tmp/integration-run.log && grep -c PASS /tmp/integration-run.log",
  "&& curl -fsS -X POST -H 'Content-Type: application/json' --data @/tmp/summary.json",
  "http://127.0.0.1:9090/api/v1/test-runs?project=storefront-api&branch=feature/checkout-refactor",
  "&& echo 'integration run finished'",
].join(" ");

let counter = 0;
const event = (kind: string, payload: Record<string, unknown>): GuardEvent => ({
  svc_version: "0.5", event_id: `bench-${++counter}`, guard_id: "bench", timestamp: "2026-11-23T10:00:00Z",
  observation_point: "invocation", kind: kind as GuardEvent["kind"], payload,
});
const result = (name: string, text: string) => event("tool_result", { name, result: text });

export const SHAPES: [string, GuardEvent][] = [
  [`tool result: lock file (${lockFile.length} chars)`, result("Read", lockFile)],
  [`tool result: git log (${gitLog.length} chars)`, result("Bash", gitLog)],
  [`tool result: source file (${sourceFile.length} chars)`, result("Read", sourceFile)],
  [`tool result: API response (${apiResponse.length} chars)`, result("WebFetch", apiResponse)],
  [`Bash command (${BASH_1KB.length} chars)`, event("tool_call", { name: "Bash", arguments: { command: BASH_1KB, description: "Run the integration tests" } })],
];

const detectors = [secretsDetector.create(secretsDetector.defaultConfig), piiDetector.create(piiDetector.defaultConfig)];

/** Median µs per event over `rounds` single runs, after a warm-up. */
function medianMicros(e: GuardEvent, rounds: number): number {
  const run = () => {
    const input = createInspectedEvent(e);
    for (const d of detectors) d.inspect(input);
  };
  for (let i = 0; i < rounds; i++) run();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = Bun.nanoseconds();
    run();
    times.push((Bun.nanoseconds() - start) / 1000);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

if (import.meta.main) {
  const rounds = Number(process.argv[2] ?? 2000);
  for (const [name, e] of SHAPES) console.log(`${name.padEnd(44)} p50 ${medianMicros(e, rounds).toFixed(1)} us (secrets + pii)`);
}
