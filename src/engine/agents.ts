// The agent inventory as events arrive: one agent_id is one agent whatever type it claims (a new
// claimed type is a shadow agent, raised once per new disagreement), agent_spawn builds the
// child's delegation chain, and a child granted scopes its parent does not hold is privilege
// escalation. Owner and user are attributes only; they never select policy.
import type { AgentRecord, AgentStore, Attribution } from "../store/types.ts";
import { ATTESTATIONS, type GuardEvent } from "../wire/guard-event.ts";
import type { Finding } from "../wire/verdict.ts";
import type { DetectorOutcome } from "./detector.ts";

export const AGENTS_PROVIDER = "agents";

const MAX_LIST = 32;
const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string").slice(0, MAX_LIST) : undefined;
const union = (list: readonly string[], item: string | undefined) =>
  item === undefined || list.includes(item) ? [...list] : [...list, item].slice(-MAX_LIST);
const strongest = (a: AgentRecord["attestation"], b: AgentRecord["attestation"]) =>
  ATTESTATIONS.indexOf(a) >= ATTESTATIONS.indexOf(b) ? a : b;

const finding = (category: string, check_id: string, title: string): Finding => ({
  category, check_id, title, severity: "high", score: 0.9, detector: AGENTS_PROVIDER,
});

export interface AgentAssessment {
  outcome?: DetectorOutcome;
  /** Inventory rows after this event, to be written with it. */
  updates: AgentRecord[];
}

export interface AgentTracker {
  assess(workspaceId: string, event: GuardEvent, attribution: Attribution, now: number): Promise<AgentAssessment>;
  /** After the event is recorded: the rows become what later events compare against. */
  commit(workspaceId: string, updates: readonly AgentRecord[]): void;
}

function merge(known: AgentRecord | undefined, event: GuardEvent, a: Attribution, now: number): AgentRecord {
  const s = event.subject ?? {};
  return {
    agentId: a.agentId,
    agentTypes: union(known?.agentTypes ?? [], s.agent_type || undefined),
    agentWorkspace: s.agent_workspace ?? known?.agentWorkspace ?? null,
    owner: s.agent_owner ?? known?.owner ?? null,
    users: union(known?.users ?? [], a.agentUser),
    parentAgentId: s.parent_agent_id ?? known?.parentAgentId ?? null,
    delegationChain: s.delegation_chain ?? known?.delegationChain ?? [a.agentId],
    grantedScopes: known?.grantedScopes ?? null,
    attestation: known ? strongest(known.attestation, a.attestation) : a.attestation,
    firstSeenAt: known?.firstSeenAt ?? now,
    lastSeenAt: now,
  };
}

/** Rewriting an unchanged agent on every event would double the writes; last_seen may lag this much. */
const LAST_SEEN_RESOLUTION_MS = 60_000;

const sameList = (a: readonly string[] | null, b: readonly string[] | null) =>
  a === b || (a !== null && b !== null && a.length === b.length && a.every((v, i) => v === b[i]));

function changed(known: AgentRecord | undefined, next: AgentRecord): boolean {
  if (!known) return true;
  return (
    next.lastSeenAt - known.lastSeenAt >= LAST_SEEN_RESOLUTION_MS ||
    known.agentWorkspace !== next.agentWorkspace ||
    known.owner !== next.owner ||
    known.parentAgentId !== next.parentAgentId ||
    known.attestation !== next.attestation ||
    !sameList(known.agentTypes, next.agentTypes) ||
    !sameList(known.users, next.users) ||
    !sameList(known.delegationChain, next.delegationChain) ||
    !sameList(known.grantedScopes, next.grantedScopes)
  );
}

function spawned(parent: AgentRecord, event: GuardEvent, known: AgentRecord | undefined, now: number): AgentRecord | undefined {
  const childId = event.payload.child_agent_id;
  if (typeof childId !== "string" || childId === "" || childId === parent.agentId) return undefined;
  const childType = typeof event.payload.child_agent_type === "string" ? event.payload.child_agent_type : undefined;
  return {
    agentId: childId,
    agentTypes: union(known?.agentTypes ?? [], childType),
    agentWorkspace: known?.agentWorkspace ?? parent.agentWorkspace,
    owner: known?.owner ?? parent.owner,
    users: known?.users ?? [...parent.users],
    parentAgentId: parent.agentId,
    delegationChain: [...parent.delegationChain, childId].slice(-MAX_LIST),
    grantedScopes: strings(event.payload.granted_scopes) ?? known?.grantedScopes ?? null,
    attestation: known?.attestation ?? parent.attestation,
    firstSeenAt: known?.firstSeenAt ?? now,
    lastSeenAt: now,
  };
}

export function createAgentTracker(store: AgentStore, maxCached = 50_000): AgentTracker {
  const cache = new Map<string, AgentRecord>();
  const load = async (workspaceId: string, agentId: string) => {
    const key = `${workspaceId}\u0000${agentId}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const stored = await store.get(workspaceId, agentId);
    if (stored) cache.set(key, stored);
    return stored;
  };
  return {
    async assess(workspaceId, event, attribution, now) {
      const known = await load(workspaceId, attribution.agentId);
      const self = merge(known, event, attribution, now);
      const findings: Finding[] = [];
      const claimed = event.subject?.agent_type;
      if (known && claimed && known.agentTypes.length > 0 && !known.agentTypes.includes(claimed)) {
        findings.push(finding("security.shadow_agent", "agents.shadow_agent", "an agent_id already known claims another agent type"));
      }
      const updates = changed(known, self) ? [self] : [];
      if (event.kind === "agent_spawn") {
        const childId = typeof event.payload.child_agent_id === "string" ? event.payload.child_agent_id : "";
        const child = spawned(self, event, childId ? await load(workspaceId, childId) : undefined, now);
        // A spawn always records its child (and the parent it names).
        if (updates.length === 0) updates.push(self);
        if (child) updates.push(child);
        const beyond = (child?.grantedScopes ?? []).filter((scope) => self.grantedScopes !== null && !self.grantedScopes.includes(scope));
        if (beyond.length > 0) findings.push(finding("security.privilege_escalation", "agents.scope_escalation", "a child agent was granted scopes its parent does not hold"));
      }
      if (findings.length === 0) return { updates };
      const decision = findings.some((f) => f.check_id === "agents.scope_escalation") ? "require_approval" : "allow";
      return { updates, outcome: { decision, reasons: findings.map((f) => f.title!), findings } };
    },
    commit(workspaceId, updates) {
      for (const record of updates) {
        if (cache.size >= maxCached) cache.delete(cache.keys().next().value!);
        cache.set(`${workspaceId}\u0000${record.agentId}`, record);
      }
    },
  };
}
