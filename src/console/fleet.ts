// The Agents & sensors tab: PEPs by liveness (live, idle past their interval, dark past three),
// the agent inventory, and the fleet-level findings (a sensor gone dark, suppressed events).
import { getJson } from "./api.ts";
import { byId, dateTime, h, replace, severityClass, statePill, table } from "./dom.ts";

const REFRESH_MS = 2000;

interface Fleet {
  sensors: { sensor: string; instance_id: string; interval_s: number; last_seen_at: string; state: string }[];
  /** Sensors in all; the page holds the dark ones first, then the most recently seen. */
  sensors_total: number;
  agents: { agent_id: string; agent_types: string[]; owner: string | null; users: string[]; delegation_chain: string[]; attestation: string; first_seen_at: string; last_seen_at: string }[];
  findings: { category: string; severity: string; check_id: string; title: string; subject: string; created_at: string; cleared_at: string | null }[];
}

export function createFleetView(): { show(workspace: string): void; hide(): void } {
  const sensors = byId("fleet-sensors");
  const agents = byId("fleet-agents");
  const findings = byId("fleet-findings");
  let workspace = "";
  let timer: number | undefined;

  const sensorRow = (s: Fleet["sensors"][number]) =>
    h("tr", { attrs: { "data-sensor": s.sensor, "data-state": s.state } }, h("td", {}, s.sensor), h("td", {}, s.instance_id || "-"),
      h("td", {}, statePill(s.state)), h("td", {}, `${s.interval_s} s`), h("td", {}, dateTime(s.last_seen_at)));
  const agentRow = (a: Fleet["agents"][number]) =>
    h("tr", {}, h("td", {}, a.agent_id), h("td", {}, a.agent_types.join(", ")), h("td", {}, a.owner ?? ""), h("td", {}, a.users.join(", ")),
      h("td", {}, a.delegation_chain.join(" > ")), h("td", {}, a.attestation), h("td", {}, dateTime(a.first_seen_at)), h("td", {}, dateTime(a.last_seen_at)));
  const findingRow = (f: Fleet["findings"][number]) =>
    h("tr", {}, h("td", {}, dateTime(f.created_at)), h("td", { class: severityClass(f.severity) }, f.severity), h("td", {}, f.category),
      h("td", {}, f.check_id), h("td", {}, f.title), h("td", {}, f.subject), h("td", {}, dateTime(f.cleared_at)));

  async function refresh() {
    const fleet = await getJson<Fleet>("/fleet", { workspace });
    const shown = table(["sensor", "instance", "state", "interval", "last seen"], fleet.sensors.map(sensorRow), "no heartbeats yet");
    const more = fleet.sensors_total - fleet.sensors.length;
    replace(sensors, more > 0 ? h("div", {}, shown, h("p", { attrs: { "data-more": String(more) } }, `${more} more not shown (dark first, then most recently seen)`)) : shown);
    replace(agents, table(["agent", "types", "owner", "users", "lineage", "attestation", "first seen", "last seen"], fleet.agents.map(agentRow), "no agents seen yet"));
    replace(findings, table(["raised", "severity", "category", "check", "what", "subject", "cleared"], fleet.findings.map(findingRow), "none"));
  }

  const loop = () => {
    timer = window.setTimeout(() => void refresh().catch(() => {}).finally(loop), REFRESH_MS);
  };

  return {
    show(next) {
      workspace = next;
      clearTimeout(timer);
      void refresh().catch(() => {});
      loop();
    },
    hide() {
      clearTimeout(timer);
    },
  };
}
