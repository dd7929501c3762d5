// `warden --help`: every command and option, in one screen; `warden COMMAND --help`: that
// command's lines, its options and examples.
import { VERSION } from "../version.ts";
import { INIT_USAGE } from "./init.ts";

export const HELP = `warden ${VERSION}: the agent action guard runtime

Usage:
  warden serve [options]             Start the decision point (the default command)
  warden keys create --workspace W   Mint a workspace API key; prints the key alone on stdout
  warden keys list [--workspace W]   List keys (id, workspace, prefix, created, revoked)
  warden keys rotate-signing [--data DIR]
                                     New receipt signing key; old ones stay in the JWKS
  warden keys revoke KEY_ID --workspace W
                                     Revoke a key; requests with it get 401 within a second
  warden pep list --workspace W      PEP signing keys enrolled through POST /v1/enroll
  warden pep revoke KEY_ID --workspace W
                                     Revoke a PEP key for good; its signatures then get 403
  warden pep set-ceiling KEY_ID LEVEL --workspace W
                                     Lower (or raise) the attestation a PEP key may vouch for
  warden approvals list|show ID|approve ID|deny ID --workspace W [--reason R] [--by NAME]
                [--status S] [--session S] [--agent A] [--limit N] [--data DIR]
                                     Decide about actions waiting in the approval queue
  warden operators create --name N | list | revoke ID
                                     Tokens for the admin API (/admin/v1/approvals); shown once
  warden console [--name N] [--url URL] [--data DIR]
                                     Print a one-time login link to the web console (/console):
                                     valid 5 minutes, usable once; decisions record console:N
  warden console --logout-all        End every console session
  warden grants create --workspace W (--agent A|--session S) --kinds K --max-uses N --ttl S
                 [--tool T] [--argv-prefix 'npm test'] [--command-prefix 'npm test'] [--reason R]
  warden grants list|revoke ID --workspace W
                                     Pre-authorise a known-safe unattended job, bounded and time-boxed
  warden agents --workspace W [--data DIR]
                                     The agent inventory: types, owner, users, lineage, attestation
  warden findings --workspace W [--category PREFIX] [--limit N] [--data DIR]
                                     The newest findings (detectors and runtime signals)
  warden events --workspace W [--limit N] [--data DIR]
                                     The audit trail: newest events, decision and reasons (no payloads)
  warden export [--since SEQ|TIME] [--until SEQ|TIME] [--format jsonl|hec|cef] [--workspace W]
                [--content none|redacted|hmac|full] [--data DIR]
                                     Dump the decision log to stdout (read-only, beside a live server)
  warden audit verify FILE [FILE...] (--head W=HASH,... | --data DIR [--sink ID] | --links-only)
                [--anchor W=HASH,...]
                                     Check exported JSONL (rotated files oldest first) and that each
                                     workspace's chain ends at its head; exit 1 on the first changed,
                                     missing or reordered record
  warden audit head [--data DIR]     Each export sink's chain heads per workspace: keep them elsewhere
  warden policy check FILE           Validate a policy file (YAML or JSON); every error listed
  warden hook claude-code|codex      A harness command hook: hook input on stdin, the harness's JSON
                                     on stdout; fails closed when warden cannot answer
${INIT_USAGE}
  warden exec [--no-wait] [--check] [--session S] [--agent A] -- CMD ARGS...
                                     Run CMD only if warden allows it (exit 126 when refused);
                                     stdio and exit code pass through; --check judges, never runs
  warden help | --help               This text
  warden version | --version         Print the version

serve options (flag, environment variable, default):
  --host HOST            WARDEN_HOST            127.0.0.1  (loopback unless you ask otherwise)
  --port PORT            WARDEN_PORT            8787       (0 picks a free port)
  --data DIR             WARDEN_DATA            ./.warden  (SQLite database and lock)
  --rate-limit N         WARDEN_RATE_LIMIT      600        requests per minute per key; 0 = off
  --max-body-bytes N     WARDEN_MAX_BODY_BYTES  1048576    larger bodies get 413
  --sync normal|full     WARDEN_SYNC            normal     normal: acknowledged events survive a
                                                           crash of warden; full: also power loss
  --correlation-window S WARDEN_CORRELATION_WINDOW 600    seconds events sharing a guard_id
                                                           are judged as one action
  --policy FILE          WARDEN_POLICY          (built-in) policy file; reloaded on SIGHUP and
                                                           on change, a bad one never replaces a good one

export and retention options (serve):
  --export-file PATH         WARDEN_EXPORT_FILE        JSONL, fsynced before the cursor moves, mode 0600
  --export-file-max-bytes N  104857600                 rotate PATH -> PATH.1 ... past N bytes
  --export-file-keep K       10                        rotated files kept
  --export-splunk-hec URL    WARDEN_EXPORT_SPLUNK_HEC  Splunk HEC endpoint (.../services/collector)
  --splunk-token-file F      WARDEN_SPLUNK_TOKEN_FILE  the HEC token, read from F only
  --export-syslog tcp://H:P  WARDEN_EXPORT_SYSLOG      RFC 5424 over TCP, octet-counted; --cef for CEF
  --export-content MODE      WARDEN_EXPORT_CONTENT     none | redacted (default) | hmac | full
  --retention DAYS           WARDEN_RETENTION_DAYS     delete events older than DAYS
  --max-db-bytes N           WARDEN_MAX_DB_BYTES       delete the oldest events while the database is over N
  --retention-force                                    prune even what an export sink has not delivered

keys options:
  --workspace W          the workspace the key belongs to (every event lands there)
  --name N               a label for the key (create)
  --data DIR             WARDEN_DATA            ./.warden (a directory without a database is refused)
  --create               make the installation when DIR has none (keys provisioned before a first start)

hook and exec environment:
  WARDEN_URL             http://127.0.0.1:8787    the warden to ask
  WARDEN_KEY             (or WARDEN_KEY_FILE)     a workspace key, svc_...
  WARDEN_STATE_DIR       ~/.local/state/warden    enrolled signing key and cached directives
  WARDEN_HOOK_TIMEOUT_MS 5000                     past it the cached degraded-mode directives decide
  WARDEN_HOOK_MODE       interactive|headless     headless: approvals deny with a queue pointer
                                                  instead of asking at the terminal

On first start warden mints a key for workspace "default" and prints it once; only its hash
is stored. Endpoints: GET /v1/health, POST /v1/evaluate, POST /v1/ingest, POST /v1/enroll,
POST /v1/heartbeat, GET /v1/approvals, GET /v1/config (Authorization: Bearer svc_...; svc-batch-signature optional).
SIGTERM or Ctrl-C drains in-flight requests and exits 0.
`;

const EXAMPLES: Record<string, string[]> = {
  serve: ["warden serve", "warden serve --port 8787 --data /var/lib/warden --policy policy.yaml", "WARDEN_PORT=9000 warden serve --export-file /var/log/warden/decisions.jsonl"],
  keys: ["warden keys create --workspace team-a --name ci", "warden keys list --workspace team-a", "warden keys revoke key_0123abcd --workspace team-a"],
  pep: ["warden pep list --workspace default", "warden pep set-ceiling kid_0123abcd inferred --workspace default"],
  approvals: ["warden approvals list --workspace default --status pending", "warden approvals show apr_0123abcd --workspace default", "warden approvals approve apr_0123abcd --workspace default --reason \"expected\""],
  operators: ["warden operators create --name oncall-alice", "warden operators create --name prom --scope metrics"],
  console: ["warden console --name alice", "warden console --logout-all"],
  grants: ["warden grants create --workspace default --agent ci-bot --kinds exec --max-uses 20 --ttl 3600 --argv-prefix 'npm test'"],
  agents: ["warden agents --workspace default"],
  findings: ["warden findings --workspace default --category security --limit 20"],
  events: ["warden events --workspace default --limit 50"],
  export: ["warden export --since 2026-11-01T00:00:00Z --format cef", "warden export --workspace default --content none"],
  audit: ["warden audit head --data .warden", "warden audit verify decisions.jsonl --data .warden"],
  policy: ["warden policy check policy.yaml"],
  hook: ["echo '{\"hook_event_name\":\"PreToolUse\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"ls\"}}' | WARDEN_KEY=svc_... warden hook claude-code"],
  init: ["warden init claude-code --project", "warden init codex --user --dry-run"],
  exec: ["warden exec -- npm test", "warden exec --check -- rm -rf build", "warden exec --no-wait --session nightly -- ./deploy.sh"],
};

/** The option sections that belong to a command, by their heading. */
const SECTIONS: Record<string, string[]> = {
  serve: ["serve options", "export and retention options"],
  keys: ["keys options"],
  hook: ["hook and exec environment"],
  exec: ["hook and exec environment"],
};

/** The help of one command: its usage lines, its option sections, examples; undefined if unknown. */
export function helpFor(command: string): string | undefined {
  const lines = HELP.split("\n");
  const usage: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.startsWith(`  warden ${command} `) && lines[i] !== `  warden ${command}`) continue;
    usage.push(lines[i]!);
    // Continuation lines are indented past the command's own.
    while (i + 1 < lines.length && /^ {4,}\S/.test(lines[i + 1]!) && !lines[i + 1]!.startsWith("  warden ")) usage.push(lines[++i]!);
  }
  if (usage.length === 0) return undefined;
  const sections = (SECTIONS[command] ?? []).flatMap((heading) => {
    const start = lines.findIndex((l) => l.startsWith(`${heading}`));
    if (start === -1) return [];
    const end = lines.findIndex((l, j) => j > start && l.trim() === "");
    return ["", ...lines.slice(start, end === -1 ? undefined : end)];
  });
  const examples = EXAMPLES[command] ?? [];
  return [
    `warden ${command}`,
    "",
    "Usage:",
    ...usage,
    ...sections,
    ...(examples.length ? ["", "Examples:", ...examples.map((e) => `  ${e}`)] : []),
    "",
    "warden --help lists every command.",
  ].join("\n");
}
