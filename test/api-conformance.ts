// Holds responses to warden's own OpenAPI document: every response a test receives through
// test/helpers.ts must be a documented status of a documented operation, and its JSON body
// must validate against the schema the served /openapi.json gives for it (JSON Schema 2020-12).
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { ROUTE_INDEX } from "../src/http/routes.ts";

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: object }> }> };
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

const ajv = new Ajv2020({ strict: false, allErrors: false });
addFormats(ajv);
const compiled = new Map<string, ReturnType<typeof ajv.compile>>();

/** Paths warden answers that are not API operations (a catch-all 404 is itself checked below). */
const UNDOCUMENTED_STATUSES: Record<number, object> = {
  404: { type: "object", required: ["error"], properties: { error: { const: "not_found" } } },
  405: { type: "object", required: ["error", "allow"], properties: { error: { const: "method_not_allowed" } } },
};

/** The JSON Schema of the documented body; "unchecked" for a documented answer that is not JSON or has no body. */
function schemaFor(document: OpenApiDocument, method: string, path: string, status: number): object | "unchecked" | undefined {
  const template = ROUTE_INDEX.label(path).replace(/:([^/]+)/g, "{$1}");
  const operation = document.paths[template]?.[method.toLowerCase()];
  if (!operation) return UNDOCUMENTED_STATUSES[status];
  const response = operation.responses?.[String(status)];
  if (!response) return undefined;
  const content = response.content;
  // Documented without a body (a redirect): there is nothing to validate.
  if (!content) return "unchecked";
  if (content["application/json"]) return content["application/json"].schema ?? {};
  return "unchecked";
}

/** Throws (failing the test) when the response is not what the document promises. */
export async function assertDocumented(document: OpenApiDocument, method: string, url: string, response: Response): Promise<void> {
  const path = new URL(url).pathname;
  const schema = schemaFor(document, method, path, response.status);
  if (schema === undefined) throw new Error(`${method} ${path} answered ${response.status}, which /openapi.json does not document`);
  if (schema === "unchecked") return;
  const key = `${method} ${ROUTE_INDEX.label(path)} ${response.status}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(key, validate);
  }
  const body = await response.clone().json().catch(() => Symbol.for("not json"));
  if (!validate(body)) {
    throw new Error(`${method} ${path} ${response.status}: body does not match /openapi.json: ${ajv.errorsText(validate.errors)}`);
  }
}
