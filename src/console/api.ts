// The console's calls to warden: same-origin, the session cookie goes along by itself; a POST
// carries JSON (and the browser's Origin header), which is what warden requires of a mutation.

export const API = "/admin/v1/console";

export class Unauthorized extends Error {}

export class ApiError extends Error {
  constructor(readonly status: number, readonly code: string) {
    super(`${status} ${code}`);
  }
}

async function read<T>(response: Response): Promise<T> {
  if (response.status === 401) throw new Unauthorized();
  const body = (await response.json().catch(() => ({}))) as { error?: string };
  if (!response.ok) throw new ApiError(response.status, body.error ?? "error");
  return body as T;
}

export const query = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) search.set(k, v);
  return search.toString();
};

export const getJson = async <T>(path: string, params: Record<string, string | undefined> = {}): Promise<T> =>
  read<T>(await fetch(`${API}${path}?${query(params)}`, { headers: { accept: "application/json" }, cache: "no-store" }));

export const postJson = async <T>(path: string, params: Record<string, string | undefined>, body: unknown): Promise<T> =>
  read<T>(await fetch(`${API}${path}?${query(params)}`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
  }));

export interface EventEntry {
  seq: number;
  at: string;
  event_id: string;
  guard_id: string;
  kind: string;
  decision: string | null;
  source: string;
  agent_id: string;
  session_id: string;
  reasons: string[];
  /** What it did, in one line: the command, the path, the host. */
  action: string;
}

export interface SpanView {
  start: number;
  end: number;
  category: string;
  severity: string | null;
  title: string | null;
  masked: boolean;
}

export interface EventDetail {
  seq: number;
  event_id: string;
  source: string;
  session_id: string;
  agent_id: string;
  attestation: string;
  event: Record<string, unknown>;
  verdict: Record<string, unknown> | null;
  findings: { category: string; severity?: string; title?: string; check_id?: string; detector?: string; path?: string; start?: number; end?: number }[];
  fields: { path: string; text: string; spans: SpanView[] }[];
}

export interface Approval {
  approval_id: string;
  guard_id: string;
  status: string;
  kind: string;
  action: string | null;
  payload_digest: string | null;
  agent_id: string;
  session_id: string;
  categories: string[];
  reasons: string[];
  policy_version: string;
  created_at: string;
  expires_at: string;
  decided_at: string | null;
  decided_by: string | null;
  decision_reason: string | null;
}
