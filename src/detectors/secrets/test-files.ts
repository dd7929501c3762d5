// Test code and fixtures written by the agent. A password spelled out in a test is a fake user's,
// the input of the login under test (`login('bob@example.com', 'hunter2-but-longer')`): redacting
// it breaks the test and protects nothing. So in a write to a test file, a generic `password = ...`
// value typed by a person is left alone. A value drawn at random, a provider's token (`ghp_`,
// `AKIA`), a private key or a connection string is still a credential there, as anywhere.
import type { GuardEvent } from "../../wire/guard-event.ts";
import { fileRoleOf } from "../egress/tool-names.ts";
import { shannonEntropy } from "./value-filters.ts";

/** Directories that hold tests and their data. */
const TEST_DIR = /(?:^|\/)(?:tests?|__tests__|__mocks__|specs?|testdata|test_data|testing|fixtures|__fixtures__|e2e|cypress)\//i;
/** `auth.test.ts`, `login.spec.js`, `test_auth.py`, `auth_test.go`, `conftest.py`, `AuthTest.java`. */
const TEST_FILE = /(?:[._-](?:test|spec|e2e)\.[a-z0-9]+|^test_[\w-]+\.py|_test\.(?:go|py|rb|exs?)|^conftest\.py|[a-z0-9](?:Test|Tests|Spec|IT)\.(?:java|kt|scala|cs|swift|groovy))$/;

const WRITE_ROLES = new Set(["write", "editor", "patch"]);
const PATH_KEYS = ["file_path", "filePath", "path", "notebook_path", "target_file", "filename"];
const WRITE_OPS = new Set(["write", "create", "edit", "modify", "append", "update", "overwrite", "save"]);

export function isTestPath(path: string): boolean {
  const normal = path.replace(/\\/g, "/");
  const base = normal.slice(normal.lastIndexOf("/") + 1);
  return TEST_DIR.test(normal) || TEST_FILE.test(base);
}

/** The path a write event or a file tool's call targets, when it names exactly one. */
function writtenPath(event: GuardEvent): string | undefined {
  const payload = event.payload as Record<string, unknown>;
  if (event.kind === "file") {
    const op = typeof payload.op === "string" ? payload.op.toLowerCase() : "";
    return WRITE_OPS.has(op) && typeof payload.path === "string" ? payload.path : undefined;
  }
  if (event.kind !== "tool_call" || typeof payload.name !== "string") return undefined;
  const role = fileRoleOf(payload.name);
  const args = payload.arguments;
  if (!role || !WRITE_ROLES.has(role) || typeof args !== "object" || args === null) return undefined;
  for (const key of PATH_KEYS) {
    const value = (args as Record<string, unknown>)[key];
    if (typeof value === "string") return value;
  }
  return undefined;
}

export const writesTestFile = (event: GuardEvent): boolean => {
  const path = writtenPath(event);
  return path !== undefined && isTestPath(path);
};

/** Words joined by separators (`correct-horse-battery`, `hunter2-but-longer`): chosen by a person. */
const WORDS = /^(?:[A-Za-z]{2,}\d{0,4}[-_. ]){1,7}[A-Za-z]{2,}\d{0,4}[!?.]?$/;

/**
 * A value a person typed for a test (`Passw0rd!`, `local-dev-only`) rather than one drawn by a
 * generator: short, or made of words, or too regular for a generator's output.
 */
export function isTypedValue(value: string): boolean {
  if (WORDS.test(value)) return true;
  return value.length < 20 || shannonEntropy(value) < 4;
}
