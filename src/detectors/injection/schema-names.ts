// Parameter names that are themselves instructions: `contents_of_home_ssh_id_rsa_read_first`
// tells the model what to fill in as surely as a description would, and no text field carries
// it. A name is read as words; one that names a secret and says to read or include it needs a
// person. Ordinary names (`password`, `api_key`, `ssh_host`) are short and say neither.
import type { Decision } from "../../wire/verdict.ts";
import { CATEGORY, createFinding, type Scored } from "./findings.ts";

const MAX_PROPERTIES = 512;
const MAX_DEPTH = 6;
/** Fewer words than this is a name, not a sentence. */
const MIN_WORDS = 4;
const SECRET_WORDS = /\b(?:id rsa|id ed25519|id ecdsa|ssh (?:key|keys|dir|folder|private)|private key|aws credentials|credentials file|env file|dot env|netrc|git credentials|kube config|shadow file|etc shadow|etc passwd|bash history|shell history|wallet dat|wallet files?|browser cookies|system prompt|conversation history|chat history|all (?:api keys|tokens|secrets|passwords))\b/;
const INSTRUCTION_WORDS = /\b(?:read|contents?|content of|paste|copy|include|attach|cat|dump|fill|put|insert|first|before|always|must)\b/;

function propertyNames(schema: unknown, depth: number, out: string[]): void {
  if (depth > MAX_DEPTH || out.length >= MAX_PROPERTIES || typeof schema !== "object" || schema === null) return;
  const record = schema as Record<string, unknown>;
  const props = record.properties;
  if (typeof props === "object" && props !== null && !Array.isArray(props)) {
    for (const [name, sub] of Object.entries(props)) {
      if (out.length >= MAX_PROPERTIES) return;
      out.push(name);
      propertyNames(sub, depth + 1, out);
    }
  }
  if (record.items) propertyNames(record.items, depth + 1, out);
}

const wordsOf = (name: string): string =>
  name.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[^A-Za-z0-9]+/g, " ").toLowerCase().trim();

/** Schemas a definition event carries: a tool's `schema`/`inputSchema`, each MCP tool's. */
function schemasOf(kind: string, payload: Record<string, unknown>): unknown[] {
  if (kind === "tool_register") return ["schema", "inputSchema", "input_schema", "parameters"].map((k) => payload[k]);
  if (kind !== "mcp_connect" || !Array.isArray(payload.tools)) return [];
  return payload.tools.slice(0, 256).flatMap((tool) => {
    const t = (tool ?? {}) as Record<string, unknown>;
    return ["inputSchema", "input_schema", "schema", "outputSchema"].map((k) => t[k]);
  });
}

/** A finding per definition event whose parameter names ask for a secret. */
export function judgeSchemaNames(kind: string, payload: Record<string, unknown>): Scored[] {
  const named: string[] = [];
  for (const schema of schemasOf(kind, payload)) propertyNames(schema, 0, named);
  for (const name of named) {
    const words = wordsOf(name);
    if (words.split(" ").length < MIN_WORDS || !SECRET_WORDS.test(words) || !INSTRUCTION_WORDS.test(words)) continue;
    const decision: Decision = "require_approval";
    // The name is a key, not a text field, so the finding carries no span.
    const finding = createFinding({ category: CATEGORY.definition, checkId: "poisoning.secret_request", severity: "high", score: 0.75 });
    return [{ finding, decision }];
  }
  return [];
}
