// The Live tab: decisions as they are recorded (server-sent events; the browser resumes after
// the last id it saw), counters over the last five minutes, and the detail of a clicked event.
import { API, getJson, query, Unauthorized, type EventDetail, type EventEntry } from "./api.ts";
import { byId, decisionPill, h, replace, time } from "./dom.ts";
import { renderEventDetail } from "./event-detail.ts";

const MAX_ROWS = 500;
const WINDOW_MS = 5 * 60 * 1000;
const RECONNECT_MS = 3000;
const ORDER = ["block", "require_approval", "modify", "redact", "allow", "recorded"];

export interface LiveView {
  show(workspace: string): void;
}

/**
 * One decision per row, readable at a glance: time, agent, the action in one line (command, path
 * or host), the decision and its first reason. Long values are cut with an ellipsis and shown
 * whole on hover (the session too, under the agent); the fixed layout keeps any id from pushing
 * the reason off the screen.
 */
const rowOf = (e: EventEntry, onOpen: (e: EventEntry) => void) =>
  h("tr", { class: "row", attrs: { "data-seq": String(e.seq), "data-event-id": e.event_id, "data-decision": e.decision ?? "recorded" }, onclick: () => onOpen(e) },
    h("td", { class: "time", title: e.at }, time(e.at)),
    h("td", { class: "cut agent", title: `${e.agent_id}\nsession ${e.session_id}` }, e.agent_id),
    h("td", { class: "cut action", title: `${e.kind}: ${e.action}` }, e.action),
    h("td", { class: "decision" }, decisionPill(e.decision)),
    h("td", { class: "cut reasons-cell", title: e.reasons.join("\n") }, e.reasons[0] ?? ""));

function renderCounters(el: HTMLElement, entries: readonly EventEntry[]): void {
  const since = Date.now() - WINDOW_MS;
  const counts = new Map<string, number>();
  for (const e of entries) if (Date.parse(e.at) >= since) counts.set(e.decision ?? "recorded", (counts.get(e.decision ?? "recorded") ?? 0) + 1);
  replace(el, h("span", { class: "muted" }, "last 5 min:"),
    ...ORDER.filter((d) => counts.has(d)).map((d) => h("span", { class: "counter" }, decisionPill(d), ` ${counts.get(d)}`)),
    counts.size === 0 ? h("span", { class: "muted" }, " nothing") : null);
}

const placeholder = () => h("p", { class: "muted" }, "Select a decision to see it in detail.");

export function createLiveView(onUnauthorized: () => void): LiveView {
  const rows = byId<HTMLTableSectionElement>("live-rows");
  const detail = byId("live-detail");
  const status = byId("live-status");
  const counters = byId("live-counters");
  const filter = byId<HTMLSelectElement>("live-filter");
  let source: EventSource | undefined;
  let workspace = "";
  let entries: EventEntry[] = [];
  let lastSeq: number | undefined;
  let retry: number | undefined;

  const visible = (e: EventEntry) => filter.value === "" || (e.decision ?? "recorded") === filter.value;

  async function open(e: EventEntry) {
    for (const r of rows.querySelectorAll(".selected")) r.classList.remove("selected");
    rows.querySelector(`tr[data-seq="${e.seq}"]`)?.classList.add("selected");
    replace(detail, h("p", { class: "muted" }, "loading..."));
    try {
      const d = await getJson<EventDetail>("/event", { workspace, event_id: e.event_id });
      replace(detail, renderEventDetail(d, () => replace(detail, placeholder())));
    } catch (error) {
      replace(detail, h("p", { class: "warn" }, `could not load the event: ${String(error)}`));
    }
  }

  function add(e: EventEntry) {
    if (lastSeq !== undefined && e.seq <= lastSeq) return;
    lastSeq = e.seq;
    entries.unshift(e);
    if (entries.length > MAX_ROWS) entries.length = MAX_ROWS;
    if (!visible(e)) return;
    const row = rowOf(e, open);
    row.classList.add("fresh");
    rows.prepend(row);
    while (rows.children.length > MAX_ROWS) rows.lastElementChild?.remove();
  }

  function connect() {
    source?.close();
    clearTimeout(retry);
    source = new EventSource(`${API}/stream?${query({ workspace, after: lastSeq === undefined ? undefined : String(lastSeq) })}`);
    source.onopen = () => replace(status, h("span", { class: "dot on" }), "live");
    source.onmessage = (message) => {
      add(JSON.parse(message.data) as EventEntry);
      renderCounters(counters, entries);
    };
    source.onerror = () => {
      replace(status, h("span", { class: "dot off" }), "reconnecting");
      // The browser retries a dropped stream itself; a refused one (401, 503) is closed for good.
      if (source?.readyState === EventSource.CLOSED) reconnectLater();
    };
  }

  function reconnectLater() {
    const again = (error: unknown) => (error instanceof Unauthorized ? onUnauthorized() : reconnectLater());
    retry = window.setTimeout(() => void getJson("/session").then(connect, again), RECONNECT_MS);
  }

  filter.addEventListener("change", () => replace(rows, ...entries.filter(visible).map((e) => rowOf(e, open))));
  setInterval(() => renderCounters(counters, entries), 10_000);

  return {
    show(next) {
      if (next === workspace && source) return;
      [workspace, entries, lastSeq] = [next, [], undefined];
      rows.replaceChildren();
      replace(detail, placeholder());
      renderCounters(counters, entries);
      connect();
    },
  };
}
