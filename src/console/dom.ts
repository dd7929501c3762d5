// Builds DOM nodes for the console. Every string becomes a text node: data shown here comes from
// agents and attackers, so nothing is ever parsed as HTML (no innerHTML anywhere in the console).

export type Child = Node | string | number | null | undefined | false;

export interface Props {
  class?: string;
  title?: string;
  /** Plain attributes (data-*, type, placeholder...): set as attribute values, never markup. */
  attrs?: Record<string, string>;
  onclick?: (event: MouseEvent) => void;
}

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (props.class) el.className = props.class;
  if (props.title) el.title = props.title;
  for (const [name, value] of Object.entries(props.attrs ?? {})) el.setAttribute(name, value);
  if (props.onclick) (el as HTMLElement).addEventListener("click", props.onclick);
  append(el, ...children);
  return el;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === "string" || typeof child === "number" ? document.createTextNode(String(child)) : child);
  }
}

/** Replaces everything inside `parent`. */
export function replace(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, ...children);
}

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`console page is missing #${id}`);
  return el as T;
}

/** A decision as a coloured pill: the colour comes from a fixed class list, never from data. */
const DECISIONS = new Set(["allow", "block", "require_approval", "modify", "redact"]);
export const decisionPill = (decision: string | null) =>
  h("span", { class: `pill decision-${decision && DECISIONS.has(decision) ? decision : "none"}` }, decision ?? "recorded");

const STATES = new Set(["live", "idle", "dark", "pending", "approved", "denied", "expired"]);
export const statePill = (state: string) => h("span", { class: `pill state-${STATES.has(state) ? state : "none"}` }, state);

const SEVERITIES = new Set(["info", "low", "medium", "high", "critical"]);
export const severityClass = (severity: string | null | undefined) => `sev-text-${severity && SEVERITIES.has(severity) ? severity : "none"}`;

export const time = (iso: string | null) => (iso ? new Date(iso).toLocaleTimeString() : "");
export const dateTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "");

export const table = (headers: string[], rows: HTMLTableRowElement[], empty = "nothing yet") =>
  h("table", {}, h("thead", {}, h("tr", {}, ...headers.map((x) => h("th", {}, x)))),
    h("tbody", {}, ...(rows.length ? rows : [h("tr", {}, h("td", { class: "empty", attrs: { colspan: String(headers.length) } }, empty))])));
