// The storage seam for decision export and retention: read the decision log past a cursor,
// persist each sink's cursor with its chain state, and prune the oldest events in batches.

/** One finding as recorded beside its event. */
export interface DecisionFinding {
  category: string;
  severity: string | null;
  detector: string | null;
  checkId: string | null;
  title: string | null;
  path: string | null;
  start: number | null;
  end: number | null;
}

/** One row of the decision log with its findings; `event` and `verdict` are the stored JSON. */
export interface DecisionRow {
  seq: number;
  workspaceId: string;
  eventId: string;
  guardId: string;
  sessionId: string;
  agentId: string;
  agentUser: string;
  attestation: string;
  kind: string;
  source: string;
  decision: string | null;
  receivedAt: number;
  event: string;
  verdict: string | null;
  findings: DecisionFinding[];
}

export interface DecisionQuery {
  /** Rows with seq greater than this. */
  afterSeq: number;
  /** Most rows returned. */
  limit: number;
  /** Stop adding rows once their stored JSON passes this many characters (one row at least). */
  maxChars: number;
  /** Rows with seq below this (exclusive). */
  beforeSeq?: number;
  /** Received at or after this time (epoch ms). */
  sinceMs?: number;
  /** Received before this time (epoch ms). */
  untilMs?: number;
  workspaceId?: string;
}

/** Where a sink's chain of one workspace stands: the hash the next record links to. */
export interface ChainLink {
  workspaceId: string;
  lastSeq: number;
  lastHash: string;
  /** Records in this chain so far (a delta when passed to `advance`). */
  records: number;
}

export interface SinkState {
  sinkId: string;
  /** Every event with seq up to this was delivered to the sink. */
  lastSeq: number;
  sent: number;
  updatedAt: number;
  chains: ChainLink[];
}

export interface DecisionReader {
  read(query: DecisionQuery): Promise<DecisionRow[]>;
  /** The newest seq, 0 when the log is empty. */
  maxSeq(): Promise<number>;
}

export interface ExportStateStore {
  /** The sink's state; a sink never seen starts before the first event (lastSeq 0). */
  sinkState(sinkId: string): Promise<SinkState>;
  sinkStates(): Promise<SinkState[]>;
  /** Moves the cursor and the chain heads together; durable when resolved. */
  advance(sinkId: string, lastSeq: number, chains: ChainLink[], now: number): Promise<void>;
}

/** What retention has removed so far: always a prefix of the log, seq 1..throughSeq. */
export interface PrunedRange {
  throughSeq: number;
  events: number;
  lastPrunedAt: number;
}

export interface PruneRequest {
  /** Never delete past this seq (the slowest sink's cursor; the newest event always stays). */
  maxSeq: number;
  /** Only events received before this time; undefined: by size, oldest first. */
  receivedBefore?: number;
  limit: number;
  now: number;
}

export interface RetentionStore {
  /** Deletes the oldest events (and their findings) that match, in one transaction; how many. */
  prune(request: PruneRequest): Promise<{ deleted: number; throughSeq: number }>;
  /** The oldest event, if any. */
  oldest(): Promise<{ seq: number; receivedAt: number } | undefined>;
  /** Bytes the database uses: pages in use (the file itself only shrinks with VACUUM). */
  usedBytes(): Promise<number>;
  pruned(): Promise<PrunedRange | undefined>;
}
