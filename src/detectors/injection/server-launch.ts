// How an MCP server is started, beyond what its command line executes (the shell detector's):
// a container handed the user's credential directories, and a package or image whose publisher
// is spelt one or two letters off a well-known one (`@modelcontextprotcol/...`, `githhub/...`).
//   require_approval  either alone
//   block             both: a look-alike publisher that is also given the keys
import { closest } from "../../lib/did-you-mean.ts";
import type { Decision } from "../../wire/verdict.ts";
import { CATEGORY, createFinding, type Scored } from "./findings.ts";

/** Publishers of widely used MCP servers, whose near misses are how typosquats are named. */
const KNOWN_PUBLISHERS = [
  "modelcontextprotocol", "anthropic", "anthropics", "github", "microsoft", "cloudflare", "supabase", "notionhq",
  "atlassian", "playwright", "awslabs", "hashicorp", "upstash", "mongodb", "elastic", "grafana", "sentry",
];
const KNOWN = new Set(KNOWN_PUBLISHERS);
const MOUNT_FLAGS = new Set(["-v", "--volume", "--mount"]);
/** Host paths no server needs mounted: keys, cloud and cluster credentials, the docker socket, the whole home or root. */
const CREDENTIAL_SOURCE =
  /(?:^|\/)\.(?:ssh|aws|kube|gnupg|docker|azure|netrc|git-credentials)(?:\/|:|,|$)|\.config\/gcloud|\/var\/run\/docker\.sock|^(?:source=|src=)?(?:\/|~\/?|\$HOME\/?|\$\{HOME\}\/?|\/home\/[^/:,]+\/?|\/root\/?|\/Users\/[^/:,]+\/?)(?::|,|$)/i;

interface Hit {
  check: "poisoning.server_credential_mount" | "poisoning.server_lookalike_publisher";
  path: string;
  length: number;
}

/** The publisher part of a package or image reference: `@scope/x`, `scope/x`, `registry/scope/x`. */
function publisherOf(arg: string): string | undefined {
  const npm = /^@([\w.-]+)\//.exec(arg);
  if (npm) return npm[1]!.toLowerCase();
  const image = /^(?:(?:docker\.io|ghcr\.io|quay\.io|registry\.hub\.docker\.com)\/)?([a-z0-9][\w.-]*)\/[\w.-]+(?::[\w.-]+)?$/i.exec(arg);
  return image && !arg.startsWith(".") && !arg.startsWith("/") ? image[1]!.toLowerCase() : undefined;
}

function isLookalike(publisher: string): boolean {
  if (publisher.length < 5 || KNOWN.has(publisher)) return false;
  return closest(publisher, KNOWN_PUBLISHERS) !== undefined;
}

function hitsIn(command: string, args: readonly string[]): Hit[] {
  const hits: Hit[] = [];
  const container = /(?:^|\/)(?:docker|podman|nerdctl)$/.test(command);
  for (const [i, arg] of args.entries()) {
    const path = `payload.args[${i}]`;
    const flag = /^(--?[\w-]+)=(.*)$/.exec(arg);
    const mounted = flag && MOUNT_FLAGS.has(flag[1]!) ? flag[2]! : MOUNT_FLAGS.has(args[i - 1] ?? "") ? arg : undefined;
    if (container && mounted !== undefined && CREDENTIAL_SOURCE.test(mounted)) hits.push({ check: "poisoning.server_credential_mount", path, length: arg.length });
    const publisher = arg.startsWith("-") ? undefined : publisherOf(arg);
    if (publisher && isLookalike(publisher)) hits.push({ check: "poisoning.server_lookalike_publisher", path, length: arg.length });
  }
  return hits;
}

/** Findings for an `mcp_connect` payload's `command` and `args`. */
export function judgeServerLaunch(payload: Record<string, unknown>): Scored[] {
  const { command, args } = payload;
  if (typeof command !== "string" || !Array.isArray(args) || !args.every((a) => typeof a === "string")) return [];
  // `sh -c "npx @x/y"` puts the whole command line in one argument: its words are read too.
  const words = (args as string[]).slice(0, 256);
  const hits = hitsIn(command, words);
  for (const [i, arg] of words.entries()) {
    if (!arg.includes(" ")) continue;
    for (const word of arg.split(/[\s;&|]+/)) {
      const publisher = publisherOf(word.replace(/@[\w.^~-]+$/, ""));
      if (publisher && isLookalike(publisher)) hits.push({ check: "poisoning.server_lookalike_publisher", path: `payload.args[${i}]`, length: arg.length });
    }
  }
  if (hits.length === 0) return [];
  const kinds = new Set(hits.map((h) => h.check));
  const decision: Decision = kinds.size > 1 ? "block" : "require_approval";
  const seen = new Set<string>();
  return hits.flatMap((hit) => {
    if (seen.has(hit.check)) return [];
    seen.add(hit.check);
    const finding = createFinding({
      category: CATEGORY.definition,
      checkId: hit.check,
      severity: decision === "block" ? "critical" : "high",
      score: decision === "block" ? 0.9 : 0.7,
      path: hit.path,
      start: 0,
      end: hit.length,
    });
    return [{ finding, decision }];
  });
}
