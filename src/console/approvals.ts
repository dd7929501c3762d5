// The Approvals tab: what waits for a person, shown as the canonical action that will run (not
// the agent's description of it), decided with a reason; then who decided what. The first
// decision wins: a request someone else already decided answers 409 and the list refreshes.
import { ApiError, getJson, postJson, type Approval } from "./api.ts";
import { byId, dateTime, h, replace, statePill, table } from "./dom.ts";

const REFRESH_MS = 3000;

export interface ApprovalsView {
  show(workspace: string): void;
  refresh(): Promise<void>;
}

function remaining(expiresAt: string): string {
  const s = Math.max(0, Math.round((Date.parse(expiresAt) - Date.now()) / 1000));
  return s >= 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`;
}

type Decide = (a: Approval, action: "approve" | "deny", reason: HTMLInputElement) => void;

function card(a: Approval, drafts: Map<string, string>, decide: Decide): HTMLElement {
  const reason = h("input", { class: "reason", attrs: { type: "text", placeholder: "reason (recorded with the decision)", maxlength: "1024", "aria-label": "reason" } });
  reason.value = drafts.get(a.approval_id) ?? "";
  reason.addEventListener("input", () => drafts.set(a.approval_id, reason.value));
  return h("article", { class: "approval card", attrs: { "data-approval-id": a.approval_id } },
    h("div", { class: "approval-head" }, statePill(a.status), h("span", { class: "kind" }, a.kind), h("code", {}, a.approval_id),
      h("span", { class: "muted" }, `expires in ${remaining(a.expires_at)}`)),
    h("div", { class: "label" }, "What will run (canonical action):"),
    h("pre", { class: "action" }, a.action ?? "(no canonical action: not approvable by receipt)"),
    h("ul", { class: "reasons" }, ...a.reasons.map((r) => h("li", {}, r))),
    h("dl", { class: "facts" }, h("dt", {}, "agent"), h("dd", {}, a.agent_id), h("dt", {}, "session"), h("dd", {}, a.session_id),
      h("dt", {}, "categories"), h("dd", {}, a.categories.join(", ")), h("dt", {}, "requested"), h("dd", {}, dateTime(a.created_at))),
    h("div", { class: "decide" }, reason,
      h("button", { class: "approve", attrs: { type: "button" }, onclick: () => decide(a, "approve", reason) }, "Approve"),
      h("button", { class: "deny", attrs: { type: "button" }, onclick: () => decide(a, "deny", reason) }, "Deny")),
  );
}

const historyRow = (a: Approval) =>
  h("tr", { attrs: { "data-approval-id": a.approval_id } }, h("td", {}, statePill(a.status)), h("td", { class: "action-cell" }, a.action ?? a.kind),
    h("td", { class: "decided-by" }, a.decided_by ?? (a.status === "expired" ? "expiry" : "")), h("td", {}, a.decision_reason ?? ""),
    h("td", {}, dateTime(a.decided_at)), h("td", { class: "ellipsis", title: a.agent_id }, a.agent_id));

export function createApprovalsView(onPending: (count: number) => void): ApprovalsView {
  const pendingList = byId("approvals-pending");
  const history = byId("approvals-history");
  const notice = byId("approvals-notice");
  let workspace = "";
  const drafts = new Map<string, string>();

  async function decide(a: Approval, action: "approve" | "deny", reason: HTMLInputElement) {
    replace(notice);
    try {
      await postJson(`/approvals/${encodeURIComponent(a.approval_id)}/${action}`, { workspace }, { reason: reason.value });
      drafts.delete(a.approval_id);
    } catch (error) {
      const text = error instanceof ApiError && error.code === "not_pending" ? "already decided elsewhere" : `failed: ${String(error)}`;
      replace(notice, `${a.approval_id}: ${text}`);
    }
    await refresh();
  }

  async function refresh() {
    if (!workspace) return;
    const { approvals } = await getJson<{ approvals: Approval[] }>("/approvals", { workspace });
    const pending = approvals.filter((a) => a.status === "pending");
    onPending(pending.length);
    // Keep the operator's cursor: a card being typed into is not rebuilt under their hands.
    const typing = document.activeElement instanceof HTMLInputElement && pendingList.contains(document.activeElement);
    const cards = pending.map((a) => card(a, drafts, (...args) => void decide(...args)));
    if (!typing) replace(pendingList, ...(cards.length ? cards : [h("p", { class: "muted" }, "Nothing waits for a decision.")]));
    replace(history, table(["status", "action", "decided by", "reason", "decided", "agent"], approvals.filter((a) => a.status !== "pending").map(historyRow), "no decisions yet"));
  }

  setInterval(() => void refresh().catch(() => {}), REFRESH_MS);

  return {
    show(next) {
      workspace = next;
      void refresh().catch(() => {});
    },
    refresh,
  };
}
