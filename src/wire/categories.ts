// The category families warden's own detectors and runtime raise (the first two segments of a
// category id), so a policy that names one can be checked for typos. Deeper ids extend a family
// (`security.secret_leak.api_key`); `safety.*` and `x.*` are open to external detectors.
import { KINDS } from "./guard-event.ts";

export const CATEGORY_FAMILIES: readonly string[] = [
  "security.audit_gap",
  "security.bypass",
  "security.config_tampering",
  "security.data_exfiltration",
  "security.jailbreak",
  "security.malicious_command",
  "security.privilege_escalation",
  "security.prompt_injection",
  "security.resource_exhaustion",
  "security.sandbox_escape",
  "security.secret_leak",
  "security.shadow_agent",
  "security.ssrf",
  "security.supply_chain",
  "security.tool_poisoning",
  // What degraded mode and on_unreachable gate actions under: security.<kind>.
  ...KINDS.map((kind) => `security.${kind}`),
  "privacy.pii",
  "privacy.user_input",
];

/** Domains whose families are all known here; the others are open. */
const CLOSED = new Set(["security", "privacy"]);

/**
 * The family a category prefix names that nobody raises, or undefined when it is fine: a domain
 * alone (`security`), a known family or one below it, an open domain, or one `extra` declares.
 */
export function unknownFamily(prefix: string, extra: readonly string[] = []): string | undefined {
  const parts = prefix.replace(/\.\*$/, "").split(".");
  if (parts.length < 2 || !CLOSED.has(parts[0]!)) return undefined;
  const family = `${parts[0]}.${parts[1]}`;
  if (CATEGORY_FAMILIES.includes(family)) return undefined;
  if (extra.some((e) => e === family || e.startsWith(`${family}.`) || family.startsWith(`${e}.`) || e === parts[0])) return undefined;
  return family;
}
