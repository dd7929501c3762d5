// Rug pulls: a tool, MCP tool or skill whose definition changes after it was first seen in the
// workspace under the same owner (server, skill source, or registering agent). The first
// definition under each owned name is remembered (with the event that recorded it); a later event
// carrying a different one needs approval.
import { canonicalJson, sha256Hex } from "../lib/jcs.ts";
import type { DefinitionStore, ToolDefinition } from "../store/types.ts";
import type { GuardEvent } from "../wire/guard-event.ts";
import type { DetectorOutcome } from "./detector.ts";

export const DEFINITIONS_PROVIDER = "definitions";

const MAX_TOOLS_PER_EVENT = 256;
const digestOf = (value: unknown) => `sha256:${sha256Hex(canonicalJson(value))}`;
const str = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * Who owns a tool an event registers: the MCP server that serves it (the payload's `server`, or
 * the event's MCP provenance), else the agent that registered it. Two servers, or two agents, with
 * a tool of the same name each own their own definition.
 */
function toolOwner(event: GuardEvent, agentId: string): string {
  const server = str(event.payload.server) || (event.provenance ?? []).find((p) => p.source === "mcp" && p.ref)?.ref;
  return server ? `mcp:${server}` : `agent:${agentId}`;
}

/**
 * The definitions an event carries, named by what owns them (a change under one owner is a rug
 * pull; the same name under another owner is another tool): an MCP server's tools by server, a
 * skill by its source, a tool otherwise by the server or agent that registered it.
 */
export function definitionsOf(event: GuardEvent, agentId: string): ToolDefinition[] {
  const p = event.payload;
  switch (event.kind) {
    case "tool_register":
      return str(p.name) ? [{ name: `tool:${toolOwner(event, agentId)}/${str(p.name)}`, digest: digestOf({ description: p.description, schema: p.schema }) }] : [];
    case "skill_load":
      return str(p.name) ? [{ name: `skill:${str(p.source) || `agent:${agentId}`}/${str(p.name)}`, digest: digestOf({ source: p.source, content_ref: p.content_ref }) }] : [];
    case "mcp_connect": {
      const server = str(p.server) || str(p.url);
      const tools = Array.isArray(p.tools) ? p.tools.slice(0, MAX_TOOLS_PER_EVENT) : [];
      return tools.flatMap((t) => {
        const tool = (t ?? {}) as Record<string, unknown>;
        if (!server || !str(tool.name)) return [];
        const { name: _name, ...definition } = tool;
        return [{ name: `mcp:${server}/${str(tool.name)}`, digest: digestOf(definition) }];
      });
    }
    default:
      return [];
  }
}

export interface DefinitionTracker {
  /** Changed definitions as findings, and the ones seen for the first time (to remember). */
  assess(workspaceId: string, event: GuardEvent, agentId: string): Promise<{ outcome?: DetectorOutcome; fresh: ToolDefinition[] }>;
  remember(workspaceId: string, fresh: readonly ToolDefinition[]): void;
}

export function createDefinitionTracker(store: DefinitionStore, maxCached = 50_000): DefinitionTracker {
  const known = new Map<string, string>();
  const cache = (key: string, digest: string) => {
    if (known.size >= maxCached) known.delete(known.keys().next().value!);
    known.set(key, digest);
  };
  return {
    async assess(workspaceId, event, agentId) {
      const defs = definitionsOf(event, agentId);
      const fresh: ToolDefinition[] = [];
      let changed = 0;
      for (const def of defs) {
        const key = `${workspaceId}\u0000${def.name}`;
        let first = known.get(key);
        if (first === undefined) {
          first = await store.firstDigest(workspaceId, def.name);
          if (first !== undefined) cache(key, first);
        }
        if (first === undefined) fresh.push(def);
        else if (first !== def.digest) changed++;
      }
      if (changed === 0) return { fresh };
      const title = "definition changed since it was first seen under the same owner";
      const outcome: DetectorOutcome = {
        decision: "require_approval",
        reasons: [`${changed} ${title}`],
        findings: [{ category: "security.tool_poisoning", check_id: "poisoning.rug_pull", severity: "high", score: 0.9, title, detector: DEFINITIONS_PROVIDER }],
      };
      return { outcome, fresh };
    },
    remember(workspaceId, fresh) {
      for (const def of fresh) {
        const key = `${workspaceId}\u0000${def.name}`;
        if (!known.has(key)) cache(key, def.digest);
      }
    },
  };
}
