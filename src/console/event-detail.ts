// One event in detail: verdict, who and where, and each text field of the payload with every
// finding's [start, end) wrapped in <mark>. Secret and personal-data spans arrive masked.
import type { EventDetail, SpanView } from "./api.ts";
import { decisionPill, dateTime, h, severityClass, table, type Child } from "./dom.ts";

const SEVERITIES = ["info", "low", "medium", "high", "critical"];
const rank = (s: string | null) => SEVERITIES.indexOf(s ?? "");

const spanLabel = (s: SpanView) => `${s.category} (${s.severity ?? "no severity"})${s.title ? `: ${s.title}` : ""}${s.masked ? " [masked]" : ""}`;

/** The text cut at every span boundary; each piece covered by a finding becomes a <mark>. */
export function highlight(text: string, spans: readonly SpanView[]): Child[] {
  const cuts = [...new Set([0, text.length, ...spans.flatMap((s) => [s.start, s.end])])].sort((a, b) => a - b);
  const out: Child[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const [from, to] = [cuts[i]!, cuts[i + 1]!];
    const piece = text.slice(from, to);
    const covering = spans.filter((s) => s.start <= from && s.end >= to);
    if (covering.length === 0) {
      out.push(piece);
      continue;
    }
    const worst = covering.reduce((a, b) => (rank(b.severity) > rank(a.severity) ? b : a));
    const severity = SEVERITIES.includes(worst.severity ?? "") ? worst.severity : "none";
    out.push(h("mark", {
      class: `finding sev-${severity}${covering.some((s) => s.masked) ? " masked" : ""}`,
      title: covering.map(spanLabel).join("\n"),
      attrs: { "data-category": worst.category, "data-start": String(from), "data-end": String(to) },
    }, piece));
  }
  return out;
}

const str = (v: unknown) => (typeof v === "string" ? v : v === undefined || v === null ? "" : JSON.stringify(v));
const facts = (pairs: [string, unknown][]) =>
  h("dl", { class: "facts" }, ...pairs.filter(([, v]) => str(v) !== "").flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, str(v))]));

interface Provider {
  provider: string;
  decision: string;
  status: string;
  latency_ms: number;
  reasons: string[];
}

function verdictSection(d: EventDetail): HTMLElement {
  const v = d.verdict ?? {};
  const reasons = (v.reasons as string[] | undefined) ?? [];
  const providers = (v["x.svc.providers"] as Provider[] | undefined) ?? [];
  const unjudged = (v["x.svc.unjudged"] as string[] | undefined) ?? [];
  return h("section", { class: "card" },
    h("h3", {}, "Verdict"),
    reasons.length ? h("ul", { class: "reasons" }, ...reasons.map((r) => h("li", {}, r))) : h("p", { class: "muted" }, d.verdict ? "no reasons given" : "recorded without a decision (ingested)"),
    facts([
      ["policy version", v["x.svc.policy_version"]], ["decision id", v["x.svc.decision_id"]], ["latency ms", v.latency_ms],
      ["whitelisted", v["x.svc.whitelisted"] ? "yes" : ""], ["approval", v["x.svc.approval_id"]],
    ]),
    unjudged.length ? h("p", { class: "warn" }, `unjudged: ${unjudged.join(", ")}`) : null,
    providers.length ? table(["provider", "decision", "status", "latency ms", "reasons"], providers.map((p) =>
      h("tr", {}, h("td", {}, p.provider), h("td", {}, decisionPill(p.decision)), h("td", {}, p.status), h("td", {}, String(p.latency_ms)), h("td", {}, p.reasons.join("; "))))) : null,
  );
}

function whoSection(d: EventDetail): HTMLElement {
  const e = d.event;
  const sensor = (e.sensor ?? {}) as Record<string, unknown>;
  const subject = (e.subject ?? {}) as Record<string, unknown>;
  return h("section", { class: "card" },
    h("h3", {}, "Agent and sensor"),
    facts([
      ["agent", d.agent_id], ["agent type", subject.agent_type], ["session", d.session_id], ["attestation", d.attestation],
      ["sensor", sensor.id], ["sensor class", sensor.class], ["observation point", e.observation_point], ["guard id", e.guard_id],
      ["event id", d.event_id], ["source", d.source], ["timestamp", dateTime(str(e.timestamp))],
    ]),
  );
}

function payloadSection(d: EventDetail): HTMLElement {
  return h("section", { class: "card" },
    h("h3", {}, "Payload"),
    d.fields.length === 0 ? h("p", { class: "muted" }, "no text fields") : null,
    ...d.fields.map((f) => h("div", { class: "field" }, h("div", { class: "path" }, f.path), h("pre", { class: "payload" }, ...highlight(f.text, f.spans)))),
  );
}

function findingsSection(d: EventDetail): HTMLElement {
  return h("section", { class: "card" },
    h("h3", {}, `Findings (${d.findings.length})`),
    table(["category", "severity", "title", "check", "detector", "where"], d.findings.map((f) =>
      h("tr", {}, h("td", {}, f.category), h("td", { class: severityClass(f.severity) }, f.severity ?? ""), h("td", {}, f.title ?? ""),
        h("td", {}, f.check_id ?? ""), h("td", {}, f.detector ?? ""),
        h("td", {}, f.path ? `${f.path}${f.start !== undefined ? ` [${f.start}, ${f.end})` : ""}` : ""))), "no findings"),
  );
}

export function renderEventDetail(d: EventDetail, onClose: () => void): HTMLElement {
  const decision = d.verdict ? String(d.verdict.decision) : null;
  return h("div", { class: "detail", attrs: { "data-event-id": d.event_id } },
    h("div", { class: "detail-head" },
      decisionPill(decision), h("span", { class: "kind" }, String(d.event.kind ?? "")), h("code", {}, d.event_id),
      h("button", { class: "ghost", attrs: { type: "button", "aria-label": "close" }, onclick: onClose }, "Close")),
    verdictSection(d), payloadSection(d), findingsSection(d), whoSection(d),
    h("details", { class: "card" }, h("summary", {}, "Stored event (masked)"), h("pre", { class: "raw" }, JSON.stringify(d.event, null, 2))),
  );
}
