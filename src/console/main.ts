// The console page's entry: who is logged in, the workspace selector, the tabs (from the URL
// hash), and what to show when there is no session (how to get a login link).
import { getJson, postJson, Unauthorized } from "./api.ts";
import { createApprovalsView } from "./approvals.ts";
import { byId, replace } from "./dom.ts";
import { createFleetView } from "./fleet.ts";
import { createLiveView } from "./live.ts";
import { showPolicy } from "./policy.ts";

const TABS = ["live", "approvals", "fleet", "policy"] as const;
type Tab = (typeof TABS)[number];
const WORKSPACE_KEY = "warden.console.workspace";

function loggedOut(): void {
  document.body.classList.add("logged-out");
  byId("login-needed").hidden = false;
  for (const tab of TABS) byId(`view-${tab}`).hidden = true;
}

/** The workspace selector, set to the one chosen last time if it still exists. */
async function fillWorkspaces(): Promise<HTMLSelectElement> {
  const select = byId<HTMLSelectElement>("workspace");
  const { workspaces } = await getJson<{ workspaces: string[] }>("/workspaces");
  replace(select, ...workspaces.map((w) => {
    const option = document.createElement("option");
    option.value = w;
    option.textContent = w;
    return option;
  }));
  const remembered = localStorage.getItem(WORKSPACE_KEY);
  if (remembered && workspaces.includes(remembered)) select.value = remembered;
  return select;
}

async function boot(): Promise<void> {
  let session: { operator: string; expires_at: string };
  try {
    session = await getJson("/session");
  } catch (error) {
    if (error instanceof Unauthorized) return loggedOut();
    throw error;
  }
  replace(byId("who"), session.operator);
  byId("who").title = `session expires ${new Date(session.expires_at).toLocaleString()}`;
  const select = await fillWorkspaces();
  const badge = byId("pending-count");
  const live = createLiveView(loggedOut);
  const approvals = createApprovalsView((count) => {
    badge.hidden = count === 0;
    badge.textContent = String(count);
  });
  const fleet = createFleetView();

  const current = (): Tab => {
    const tab = location.hash.slice(1) as Tab;
    return TABS.includes(tab) ? tab : "live";
  };
  const render = () => {
    const tab = current();
    const workspace = select.value;
    for (const t of TABS) {
      byId(`view-${t}`).hidden = t !== tab;
      byId(`tab-${t}`).classList.toggle("active", t === tab);
    }
    if (!workspace) return;
    live.show(workspace);
    approvals.show(workspace);
    if (tab === "fleet") fleet.show(workspace);
    else fleet.hide();
    if (tab === "policy") void showPolicy(workspace).catch(() => {});
  };
  select.addEventListener("change", () => {
    localStorage.setItem(WORKSPACE_KEY, select.value);
    render();
  });
  window.addEventListener("hashchange", render);
  byId("logout").addEventListener("click", () => {
    void postJson("/logout", {}, {}).finally(() => location.reload());
  });
  render();
}

void boot().catch((error: unknown) => {
  if (error instanceof Unauthorized) return loggedOut();
  replace(byId("fatal"), `The console could not start: ${String(error)}`);
  byId("fatal").hidden = false;
});
