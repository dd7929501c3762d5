// Schema migrations, embedded in the binary and applied in order; PRAGMA user_version counts them.

export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;

  CREATE TABLE api_keys (
    id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    hash BLOB NOT NULL UNIQUE,
    prefix TEXT NOT NULL,
    name TEXT,
    created_at INTEGER NOT NULL,
    revoked_at INTEGER
  );
  CREATE INDEX api_keys_workspace ON api_keys (workspace_id);

  -- seq is time-ordered, so inserts append to the table B-tree. Dedupe on (workspace, event_id)
  -- goes through a compact integer hash index instead of a UNIQUE index on the client's
  -- (often random) text ids; the single writer checks it before every insert.
  CREATE TABLE events (
    seq INTEGER PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    event_id TEXT NOT NULL,
    id_hash INTEGER NOT NULL,
    guard_id TEXT NOT NULL,
    session_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    agent_user TEXT NOT NULL,
    attestation TEXT NOT NULL,
    kind TEXT NOT NULL,
    source TEXT NOT NULL,
    decision TEXT,
    received_at INTEGER NOT NULL,
    event TEXT NOT NULL,
    verdict TEXT
  );
  CREATE INDEX events_id_hash ON events (id_hash);

  CREATE TABLE findings (
    id INTEGER PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    event_seq INTEGER NOT NULL REFERENCES events (seq),
    category TEXT NOT NULL,
    severity TEXT,
    detector TEXT,
    check_id TEXT,
    title TEXT,
    path TEXT,
    start INTEGER,
    "end" INTEGER,
    score REAL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX findings_event ON findings (event_seq);

  CREATE TABLE sessions (
    workspace_id TEXT NOT NULL,
    session_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    agent_user TEXT NOT NULL,
    derived INTEGER NOT NULL,
    started_at INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL,
    event_count INTEGER NOT NULL,
    redaction_counters TEXT,
    PRIMARY KEY (workspace_id, session_id)
  ) WITHOUT ROWID;
  CREATE INDEX sessions_derived ON sessions (workspace_id, agent_id, agent_user, last_seen_at)
    WHERE derived = 1;
  `,
  `
  -- The first definition seen for each tool, MCP tool and skill name in a workspace, so a
  -- definition that changes later (a rug pull) can be noticed.
  CREATE TABLE tool_definitions (
    workspace_id TEXT NOT NULL,
    name TEXT NOT NULL,
    digest TEXT NOT NULL,
    first_seen_at INTEGER NOT NULL,
    first_event_id TEXT NOT NULL,
    PRIMARY KEY (workspace_id, name)
  ) WITHOUT ROWID;
  `,
  `
  -- Ed25519 keys PEPs enrolled to sign requests (POST /v1/enroll). A revoked key stays, so it
  -- can never be enrolled again.
  CREATE TABLE pep_keys (
    key_id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    guard_id TEXT NOT NULL,
    public_key BLOB NOT NULL,
    max_attestation TEXT NOT NULL,
    name TEXT,
    created_at INTEGER NOT NULL,
    revoked_at INTEGER,
    UNIQUE (workspace_id, public_key)
  );
  `,
  `
  -- The agent inventory per workspace: every agent_id seen, the types it claimed, who owns and
  -- uses it, its lineage and the strongest attestation it was seen with.
  CREATE TABLE agents (
    workspace_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    agent_types TEXT NOT NULL,
    agent_workspace TEXT,
    owner TEXT,
    users TEXT NOT NULL,
    parent_agent_id TEXT,
    delegation_chain TEXT NOT NULL,
    granted_scopes TEXT,
    attestation TEXT NOT NULL,
    first_seen_at INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, agent_id)
  ) WITHOUT ROWID;
  `,
  `
  -- PEP and agent liveness from POST /v1/heartbeat, and findings the runtime raises about the
  -- fleet rather than about one event (a sensor gone dark, suppressed events).
  CREATE TABLE liveness (
    workspace_id TEXT NOT NULL,
    sensor_key TEXT NOT NULL,
    instance_id TEXT NOT NULL,
    interval_s REAL NOT NULL,
    last_seen_at INTEGER NOT NULL,
    events_sent INTEGER,
    dark_since INTEGER,
    PRIMARY KEY (workspace_id, sensor_key, instance_id)
  ) WITHOUT ROWID;

  CREATE TABLE runtime_findings (
    id INTEGER PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    category TEXT NOT NULL,
    severity TEXT NOT NULL,
    check_id TEXT NOT NULL,
    title TEXT NOT NULL,
    subject TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    cleared_at INTEGER
  );
  CREATE INDEX runtime_findings_workspace ON runtime_findings (workspace_id, id);
  `,
  `
  -- Human approvals behind require_approval verdicts: one request per (workspace, guard_id),
  -- bound to the payload digest of the action that asked. Terminal states never change.
  CREATE TABLE approvals (
    workspace_id TEXT NOT NULL,
    guard_id TEXT NOT NULL,
    approval_id TEXT NOT NULL UNIQUE,
    status TEXT NOT NULL,
    kind TEXT NOT NULL,
    payload_digest TEXT,
    digest_input TEXT,
    event_id TEXT NOT NULL,
    session_id TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    policy_version TEXT NOT NULL,
    categories TEXT NOT NULL,
    reasons TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    decided_at INTEGER,
    decided_by TEXT,
    decision_reason TEXT,
    PRIMARY KEY (workspace_id, guard_id)
  ) WITHOUT ROWID;
  CREATE INDEX approvals_pending ON approvals (workspace_id, status, created_at);
  `,
  `
  -- Pre-authorisations: an operator lets a known-safe unattended job proceed without a prompt,
  -- for one agent or session, a bounded number of times, until a deadline.
  CREATE TABLE grants (
    grant_id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    agent_id TEXT,
    session_id TEXT,
    kinds TEXT NOT NULL,
    tool TEXT,
    argv_prefix TEXT,
    command_prefix TEXT,
    max_uses INTEGER NOT NULL,
    uses INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    created_by TEXT NOT NULL,
    reason TEXT,
    revoked_at INTEGER
  );
  CREATE INDEX grants_workspace ON grants (workspace_id, expires_at);
  `,
  `
  -- Operator tokens for the admin API (deciding approvals): deployment-wide, not workspace
  -- keys, stored only as SHA-256 hashes.
  CREATE TABLE operators (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    hash BLOB NOT NULL UNIQUE,
    created_at INTEGER NOT NULL,
    revoked_at INTEGER
  );
  `,
  `
  -- An approval answers one action. A retry of that action under a new guard_id in the same
  -- session (a hook sees a new tool-use id each time) may use it once; claimed_by names who did.
  ALTER TABLE approvals ADD COLUMN claimed_by TEXT;
  CREATE INDEX approvals_by_session ON approvals (workspace_id, session_id, payload_digest);
  `,
  `
  -- What an operator token may do: admin (the approval API) or metrics (scraping /metrics from
  -- beyond loopback). A metrics token cannot decide anything.
  ALTER TABLE operators ADD COLUMN scope TEXT NOT NULL DEFAULT 'admin';
  `,
  `
  -- The web console: one-time login tokens minted by warden console and the browser sessions
  -- they open, both stored only as SHA-256 hashes. A token opens at most one session.
  CREATE TABLE console_login_tokens (
    hash BLOB PRIMARY KEY,
    operator TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER
  ) WITHOUT ROWID;
  CREATE TABLE console_sessions (
    hash BLOB PRIMARY KEY,
    session_id TEXT NOT NULL UNIQUE,
    operator TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    ended_at INTEGER
  ) WITHOUT ROWID;
  `,
  `
  -- Decision export: each sink's cursor (every event up to last_seq was delivered) and, moved in
  -- the same transaction, the head of its hash chain per workspace, so a restart continues both.
  CREATE TABLE export_cursors (
    sink_id TEXT PRIMARY KEY,
    last_seq INTEGER NOT NULL,
    sent INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE TABLE export_chains (
    sink_id TEXT NOT NULL,
    workspace_id TEXT NOT NULL,
    last_seq INTEGER NOT NULL,
    last_hash TEXT NOT NULL,
    records INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (sink_id, workspace_id)
  ) WITHOUT ROWID;
  `,
  `
  -- An approval covers exactly what the person saw: action_digest is over the whole payload (the
  -- receipt's payload_digest keeps decisions.md's subset). A harness prompt answers an approval
  -- only where warden itself asked for that exact action (prompted_digest), and decided_via says
  -- which channel a person answered through. Rows from before bind to nothing and match nothing.
  ALTER TABLE approvals ADD COLUMN action_digest TEXT;
  ALTER TABLE approvals ADD COLUMN prompted_digest TEXT;
  ALTER TABLE approvals ADD COLUMN decided_via TEXT;
  DROP INDEX approvals_by_session;
  CREATE INDEX approvals_by_action ON approvals (workspace_id, session_id, action_digest);
  `,
  `
  -- An event_id names one event. A keyed digest of the event as received (HMAC-SHA256 under the
  -- data directory's event-digest.key, timestamp left out) tells a true retry, answered from the
  -- log, from a different event reusing the id, which is judged afresh and recorded apart.
  -- Rows from before this column have none: their digest is computed from the stored event.
  ALTER TABLE events ADD COLUMN event_digest TEXT;
  `,
  `
  -- Pending requests are capped per session and per agent, and the queue is listed fairly across
  -- sessions: both count and walk the pending rows of one session or agent.
  CREATE INDEX approvals_pending_by_session ON approvals (workspace_id, session_id, status, expires_at);
  CREATE INDEX approvals_pending_by_agent ON approvals (workspace_id, agent_id, status, expires_at);
  `,
  `
  -- A sensor's liveness is reported only by the key that registered it: the enrolled PEP key
  -- that signed its first heartbeat, else the API key. Rows from before have none: the next
  -- heartbeat claims them.
  ALTER TABLE liveness ADD COLUMN owner TEXT;
  `,
  `
  -- Ingested events are judged after they are acknowledged, from a durable cursor (meta key
  -- 'ingest_judged_seq'): this index walks the ingested rows past it without scanning the rest.
  CREATE INDEX events_ingested ON events (seq) WHERE source = 'ingest';
  `,
];
