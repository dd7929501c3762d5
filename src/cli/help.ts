// `warden --help`: every command and option, in one screen.
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
  warden agents --workspace W        The agent inventory: types, owner, users, lineage, attestation
  warden findings --workspace W [--category PREFIX] [--limit N]
                                     The newest findings (detectors and runtime signals)
  warden events --workspace W [--limit N]
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
  --data DIR             WARDEN_DATA            ./.warden

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
