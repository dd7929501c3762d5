// The Policy tab: the policy in force for the workspace, its detectors and their config, how
// findings map to decisions, and the directives PEPs apply when warden is unreachable.
import { getJson } from "./api.ts";
import { byId, h, replace, table } from "./dom.ts";

interface Policy {
  version: string;
  detectors: { id: string; description: string; kinds: string[]; encodings: string[]; config: unknown }[];
  disabled: string[];
  decision_rules: { prefix: string; by_severity: Record<string, string> }[];
  composition: Record<string, unknown>;
  whitelist: Record<string, unknown>[];
  content_required_kinds: string[];
  approval_ttl_s: number;
  on_unreachable: Record<string, string>;
  queue_timeout_action: string;
  hard_rules: { id: string; kinds: string[]; pattern: string; reason: string }[];
}

const json = (v: unknown) => h("pre", { class: "raw" }, JSON.stringify(v, null, 2));
const DIRECTIVE_CLASS: Record<string, string> = { block: "block", allow: "allow", require_local_approval: "require_approval" };
const directivePill = (v: string) => h("span", { class: `pill decision-${DIRECTIVE_CLASS[v] ?? "none"}` }, v);

export async function showPolicy(workspace: string): Promise<void> {
  const p = await getJson<Policy>("/policy", { workspace });
  replace(byId("policy-body"),
    h("section", { class: "card" }, h("h3", {}, "Policy in force"),
      h("dl", { class: "facts" }, h("dt", {}, "version"), h("dd", { attrs: { id: "policy-version" } }, p.version),
        h("dt", {}, "approval TTL"), h("dd", {}, `${p.approval_ttl_s} s`), h("dt", {}, "content required for"), h("dd", {}, p.content_required_kinds.join(", ")),
        h("dt", {}, "disabled detectors"), h("dd", {}, p.disabled.join(", ") || "none"))),
    h("section", { class: "card" }, h("h3", {}, "When warden is unreachable (GET /v1/config)"),
      table(["category", "PEP does"], Object.entries(p.on_unreachable).map(([k, v]) => h("tr", {}, h("td", {}, k), h("td", {}, directivePill(v))))),
      h("p", {}, `An approval not decided in time: ${p.queue_timeout_action}.`),
      table(["hard rule", "kinds", "pattern", "reason"], p.hard_rules.map((r) => h("tr", {}, h("td", {}, r.id), h("td", {}, r.kinds.join(", ")), h("td", {}, h("code", {}, r.pattern)), h("td", {}, r.reason))))),
    h("section", { class: "card" }, h("h3", {}, `Detectors (${p.detectors.length} configurable)`),
      h("p", { class: "muted" }, "Beside them the runtime always runs flow (what a session did before: exfiltration chains, repeated and runaway actions) and definitions (a tool, MCP server or skill that changes after its first sight); they have no configuration."),
      ...p.detectors.map((d) => h("details", { class: "detector" }, h("summary", {}, h("strong", {}, d.id), ` ${d.description}`),
        h("p", { class: "muted" }, `kinds: ${d.kinds.join(", ")}; content: ${d.encodings.join(", ")}`), json(d.config)))),
    h("section", { class: "card" }, h("h3", {}, "Decisions by category"),
      table(["category prefix", "by severity"], p.decision_rules.map((r) => h("tr", {}, h("td", {}, r.prefix), h("td", {}, Object.entries(r.by_severity).map(([s, d]) => `${s}: ${d}`).join(", ")))), "No decision rules: each detector's own decision stands (secrets and pii redact by default; the others block or ask per check, see each detector above)."),
      h("h4", {}, "Composition"), json(p.composition), h("h4", {}, "Whitelist"), json(p.whitelist)),
  );
}
