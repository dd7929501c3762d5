// Every check the egress detector can report, with its category, severity, decision and a
// generic title. Titles never name the host or path: they are safe to log anywhere.
//
// Decisions: `block` when the action is an attack on its face (metadata credentials, account
// databases, the guard's own configuration); `require_approval` when a legitimate task could
// need it (private networks, secret files, startup files), so a human decides.
import type { Decision, Finding, Severity } from "../../wire/verdict.ts";
import type { CheckSpec } from "../check-spec.ts";

export type { CheckSpec };

const SSRF = "security.ssrf";
const EXFIL = "security.data_exfiltration";
const LEAK = "security.secret_leak";
const TAMPER = "security.config_tampering";
const MALICIOUS = "security.malicious_command";

export const CHECKS = {
  "egress.cloud_metadata": { category: SSRF, severity: "critical", decision: "block", score: 0.97, title: "Request to a cloud metadata endpoint" },
  "egress.private_network": { category: SSRF, severity: "high", decision: "require_approval", score: 0.8, title: "Request to a private network address" },
  "egress.link_local": { category: SSRF, severity: "high", decision: "require_approval", score: 0.8, title: "Request to a link-local address" },
  "egress.loopback": { category: SSRF, severity: "high", decision: "require_approval", score: 0.7, title: "Request to a loopback address" },
  "egress.internal_hostname": { category: SSRF, severity: "medium", decision: "require_approval", score: 0.6, title: "Request to an internal-only host name" },
  "egress.obfuscated_ip": { category: SSRF, severity: "high", decision: "require_approval", score: 0.9, title: "Internal address written in an obfuscated form" },
  "egress.control_port": { category: SSRF, severity: "high", decision: "require_approval", score: 0.85, title: "Request to a local control-plane port" },
  "egress.admin_api": { category: SSRF, severity: "high", decision: "require_approval", score: 0.8, title: "Request to an internal service's admin or secret API" },
  "egress.local_file_url": { category: SSRF, severity: "high", decision: "require_approval", score: 0.8, title: "Local file URL given to a web-fetch tool" },
  "egress.smuggling_scheme": { category: SSRF, severity: "high", decision: "require_approval", score: 0.85, title: "Raw-protocol URL scheme aimed at an internal host" },
  "egress.mining_pool": { category: "security.malicious_command", severity: "high", decision: "block", score: 0.9, title: "Connection to a cryptocurrency mining pool" },
  "egress.exfil_service": { category: EXFIL, severity: "high", decision: "require_approval", score: 0.8, title: "Request to a paste, tunnel or request-capture service" },
  "egress.raw_ip_with_data": { category: EXFIL, severity: "high", decision: "require_approval", score: 0.75, title: "Encoded data sent in a URL to a bare public address" },
  "egress.exfil_with_data": { category: EXFIL, severity: "high", decision: "block", score: 0.9, title: "Data sent to a paste, tunnel or request-capture service" },
  "egress.bare_ip_source": { category: "security.supply_chain", severity: "medium", decision: "require_approval", score: 0.6, title: "MCP server or skill loaded from a bare public IP address" },
  "egress.denied_host": { category: EXFIL, severity: "high", decision: "block", score: 0.9, title: "Request to a host the policy denies" },
  "files.private_key_read": { category: `${LEAK}.private_key`, severity: "high", decision: "require_approval", score: 0.85, title: "Private key file read" },
  "files.cloud_credentials_read": { category: `${LEAK}.cloud_credential`, severity: "high", decision: "require_approval", score: 0.85, title: "Cloud or cluster credentials read" },
  "files.credential_file_read": { category: LEAK, severity: "high", decision: "require_approval", score: 0.8, title: "Tool credential file read" },
  "files.credential_search": { category: LEAK, severity: "high", decision: "require_approval", score: 0.8, title: "Search for credentials across a home directory or the disk" },
  "files.env_read": { category: LEAK, severity: "high", decision: "require_approval", score: 0.7, title: "Environment secrets file read" },
  "files.system_secret_read": { category: LEAK, severity: "high", decision: "require_approval", score: 0.85, title: "System secret file read" },
  "files.history_read": { category: LEAK, severity: "high", decision: "require_approval", score: 0.7, title: "Shell or REPL history read" },
  "files.browser_store_read": { category: LEAK, severity: "high", decision: "require_approval", score: 0.9, title: "Browser or keychain credential store read" },
  "files.password_vault_read": { category: LEAK, severity: "high", decision: "require_approval", score: 0.9, title: "Password manager vault read" },
  "files.wallet_read": { category: LEAK, severity: "high", decision: "require_approval", score: 0.9, title: "Cryptocurrency wallet read" },
  "files.irreplaceable_delete": { category: MALICIOUS, severity: "critical", decision: "block", score: 0.9, title: "Database files, a system directory or a home directory deleted" },
  "files.persistence_write": { category: MALICIOUS, severity: "high", decision: "require_approval", score: 0.75, title: "Startup, scheduler or hook file written" },
  "files.telemetry_sinkhole": { category: MALICIOUS, severity: "high", decision: "block", score: 0.85, title: "Security or telemetry service sinkholed in the hosts file" },
  "files.trust_config_write": { category: MALICIOUS, severity: "high", decision: "require_approval", score: 0.75, title: "Name resolution, trusted certificates or package sources written" },
  "files.package_source_write": { category: "security.supply_chain", severity: "high", decision: "require_approval", score: 0.75, title: "Package manager pointed at another registry" },
  "files.remote_login_weakened": { category: MALICIOUS, severity: "high", decision: "require_approval", score: 0.75, title: "SSH server opened to root or password logins" },
  "files.authorized_keys_write": { category: MALICIOUS, severity: "critical", decision: "block", score: 0.9, title: "SSH authorized keys written" },
  "files.account_file_write": { category: "security.privilege_escalation", severity: "critical", decision: "block", score: 0.95, title: "System account or sudo database written" },
  "files.guard_config_write": { category: TAMPER, severity: "high", decision: "block", score: 0.9, title: "Agent guardrail or tool configuration written" },
  "files.instructions_write": { category: TAMPER, severity: "medium", decision: "require_approval", score: 0.6, title: "Agent instructions file written" },
  "config.guard_change": { category: TAMPER, severity: "high", decision: "require_approval", score: 0.85, title: "Agent permissions or hooks changed" },
  "config.extension_change": { category: TAMPER, severity: "medium", decision: "require_approval", score: 0.7, title: "Agent MCP allowlist or skills changed" },
  "config.other_change": { category: TAMPER, severity: "info", decision: "allow", score: 0.3, title: "Agent configuration changed" },
} as const satisfies Record<string, CheckSpec>;

export type CheckId = keyof typeof CHECKS;

/** A check that fired on a span of one text field (or on the event when `path` is absent). */
export interface Hit {
  check: CheckId;
  path?: string;
  start?: number;
  end?: number;
  /** Set when configuration lowers a check (loopback under `allow_loopback`). */
  severity?: Severity;
  decision?: Decision;
}

export const DETECTOR_ID = "egress";

export function toFinding(hit: Hit): Finding {
  const spec: CheckSpec = CHECKS[hit.check];
  const finding: Finding = { category: spec.category };
  if (hit.path !== undefined) {
    finding.path = hit.path;
    finding.start = hit.start ?? 0;
    finding.end = hit.end ?? 0;
  }
  finding.score = hit.severity === "info" ? Math.min(spec.score, 0.3) : spec.score;
  finding.detector = DETECTOR_ID;
  finding.severity = hit.severity ?? spec.severity;
  finding.check_id = hit.check;
  finding.title = spec.title;
  return finding;
}

export const decisionOf = (hit: Hit): Decision => hit.decision ?? CHECKS[hit.check].decision;
