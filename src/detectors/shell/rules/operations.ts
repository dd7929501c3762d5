// Operations whose damage lands on shared systems rather than this machine: tearing down cloud
// infrastructure, clusters and databases, and publishing packages others install. Each is a
// legitimate job for the right person at the right time, so a human decides (require_approval).
// Dry runs and plans are not operations, nor are test databases on this machine (scratch-databases.ts).
import type { Invocation } from "../model.ts";
import { dropsLocalScratchDatabase } from "./scratch-databases.ts";
import { eachInvocation, type Hit, hit, type Rule } from "./rule.ts";

export const operationsRule: Rule = (ctx) => eachInvocation(ctx, judgeOperation);

const DRY_RUN = /^--?(dry-run|dryrun|dry_run|plan|what-if|whatif)(=|$)/i;

function judgeOperation(inv: Invocation): Hit | undefined {
  const args = inv.args.map((arg) => arg.text);
  if (args.some((arg) => DRY_RUN.test(arg))) return undefined;
  if (tearsDown(inv.name, args) && !dropsLocalScratchDatabase(inv.name, args)) return hit("shell.infrastructure_teardown", inv);
  if (publishes(inv.name, args)) return hit("shell.package_publish", inv);
  return undefined;
}

/** The words that are not options: subcommands, resource kinds and names. */
const words = (args: readonly string[]): string[] => args.filter((arg) => !arg.startsWith("-"));

const IAC_TOOLS = new Set(["terraform", "tofu", "terragrunt", "pulumi", "cdk", "cdktf", "serverless", "sls"]);
const K8S_TOOLS = new Set(["kubectl", "oc", "kubecolor"]);
const K8S_WIDE_KINDS = new Set(["namespace", "namespaces", "ns", "pv", "persistentvolume", "persistentvolumes", "crd", "customresourcedefinition", "node", "nodes"]);
/** aws operations that destroy a data store, a stack, a cluster or a key (one object or message is routine). */
const AWS_TEARDOWN = /^(delete-(db-instance|db-cluster|table|stack|cluster|bucket|hosted-zone|repository|vpc|file-system|domain|user-pool|log-group|global-table|backup-vault)|terminate-instances|schedule-key-deletion)$/;
/** gcloud and az command groups whose `delete` removes a project, a database, a cluster or storage. */
const CLOUD_DELETE_GROUPS = new Set([
  "projects", "sql", "container", "compute", "storage", "spanner", "bigtable", "firestore", "redis", "group", "aks", "vm", "cosmosdb",
  "keyvault", "postgres", "mysql", "eks", "functionapp", "webapp",
]);
const SQL_CLIENTS = new Set(["psql", "mysql", "mariadb", "sqlite3", "cockroach", "clickhouse-client", "clickhouse", "sqlcmd", "duckdb", "snowsql", "bq"]);
const DESTRUCTIVE_SQL = /\b(drop\s+(database|schema|table)|truncate\s+(table\s+)?[\w."`]+)/i;

function tearsDown(name: string, args: readonly string[]): boolean {
  const [first = "", second = ""] = words(args);
  if (IAC_TOOLS.has(name)) return first === "destroy" || first === "down" || first === "remove" || (first === "apply" && args.includes("-destroy"));
  if (K8S_TOOLS.has(name)) {
    // Global options may come first and take values (`kubectl --context prod delete ns x`).
    const verb = args.indexOf("delete");
    if (verb === -1) return false;
    const kind = words(args.slice(verb + 1))[0] ?? "";
    return K8S_WIDE_KINDS.has(kind.split("/")[0]!.toLowerCase()) || args.some((arg) => arg === "--all" || arg === "-A" || arg === "--all-namespaces");
  }
  if (name === "aws") {
    if (first === "s3") return (second === "rm" && args.includes("--recursive")) || (second === "rb" && args.includes("--force"));
    return AWS_TEARDOWN.test(second);
  }
  if (name === "gcloud" || name === "az") return words(args).includes("delete") && CLOUD_DELETE_GROUPS.has(first);
  if (name === "gsutil") return args.includes("rb") || (args.includes("rm") && args.some((arg) => /^-[a-zA-Z]*[rR]/.test(arg)));
  if (name === "dropdb") return true;
  if (name === "mysqladmin") return first === "drop";
  if (name === "redis-cli") return args.some((arg) => /^flush(all|db)$/i.test(arg)) && !flushesLocalScratchDb(args);
  if (name === "mongosh" || name === "mongo") return args.some((arg) => /\.drop(Database)?\(\)/.test(arg));
  // A hosting service's repository, release or package deleted for everyone.
  if (name === "gh" || name === "glab") return (first === "repo" || first === "release") && second === "delete";
  if (name === "helm") return first === "uninstall" || first === "delete" || first === "del";
  if (name === "heroku") return /^(?:apps:destroy|destroy|pg:reset)$/.test(first);
  return SQL_CLIENTS.has(name) && args.some((arg) => DESTRUCTIVE_SQL.test(arg));
}

/**
 * `redis-cli -h 127.0.0.1 -n 15 FLUSHDB`: one numbered database of the Redis on this machine
 * emptied, the way test suites reset the one they use. FLUSHALL, database 0 (where applications
 * keep their data by default) or another host is still a teardown.
 */
function flushesLocalScratchDb(args: readonly string[]): boolean {
  if (!args.some((arg) => /^flushdb$/i.test(arg))) return false;
  const valueOf = (flag: string) => args[args.indexOf(flag) + 1];
  const host = args.includes("-h") ? valueOf("-h") : "127.0.0.1";
  const db = args.includes("-n") ? Number(valueOf("-n")) : 0;
  return (host === "127.0.0.1" || host === "localhost" || host === "::1") && !args.includes("-u") && Number.isInteger(db) && db >= 1;
}

const JS_PACKAGERS = new Set(["npm", "pnpm", "yarn", "bun"]);
const PUBLISHERS = new Set(["cargo", "poetry", "flit", "hatch", "uv", "vsce", "ovsx", "lerna"]);

function publishes(name: string, args: readonly string[]): boolean {
  const [first = "", second = ""] = words(args);
  // Unpublishing or deprecating pulls a version out from under everyone who installs it.
  if (JS_PACKAGERS.has(name)) return ["publish", "unpublish", "deprecate"].includes(first) || (name === "yarn" && first === "npm" && ["publish", "unpublish"].includes(second));
  if (name === "cargo" && first === "yank") return true;
  if (PUBLISHERS.has(name)) return first === "publish";
  if (name === "twine") return first === "upload";
  if (name === "gem") return first === "push";
  if (name === "dotnet") return first === "nuget" && second === "push";
  return false;
}
