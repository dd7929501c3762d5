// Destinations inside shell commands (`exec` argv, shell tool calls): the shell package reads
// out what curl, wget, nc, dig, ssh and friends would contact; each is judged here exactly as a
// fetch tool's URL or a network event's host is. Only the checks that mean the same from a
// developer's terminal are kept: metadata credentials, exfiltration services, denied hosts,
// disguised addresses, and internal control planes and admin APIs (the Docker API, Kubernetes
// secrets, etcd keys). Reaching loopback, private or internal hosts from a shell is otherwise
// everyday work (`curl localhost:3000`, `nc -zv db.internal 5432`), not request forgery.
import type { Budget } from "../../engine/budget.ts";
import type { InspectedEvent } from "../../engine/detector.ts";
import type { GuardEvent } from "../../wire/guard-event.ts";
import { listNetworkTargets, type NetworkTarget } from "../shell/network-targets.ts";
import type { CheckId, Hit } from "./checks.ts";
import type { Judged } from "./judge-events.ts";
import { type EgressOptions, judgeBareHost, judgeUrl } from "./judge-host.ts";
import { locateField } from "./located.ts";

const SHELL_CHECKS = new Set<CheckId>([
  "egress.cloud_metadata", "egress.obfuscated_ip", "egress.smuggling_scheme", "egress.exfil_service", "egress.exfil_with_data",
  "egress.denied_host", "egress.mining_pool", "egress.control_port", "egress.admin_api",
]);

/**
 * `http://169.254.170.2$AWS_CONTAINER_CREDENTIALS_RELATIVE_URI`: an address followed by a variable
 * that holds the path. The address is whole (four octets, maybe a port); what follows cannot be
 * part of the host, so the address is judged as the host.
 */
const ADDRESS_THEN_VARIABLE = /^([a-z][a-z0-9+.-]*:\/\/(?:[^@/?#$]*@)?\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?)\$/i;

function judgeTarget(target: NetworkTarget, opts: EgressOptions): Hit[] {
  const address = target.kind === "url" ? ADDRESS_THEN_VARIABLE.exec(target.text) : null;
  if (address) return judgeTarget({ ...target, text: `${address[1]}/` }, opts);
  const at = locateField(target.span.path, target.text);
  const extra = { carriesData: target.sends, carriesFile: target.sendsFile === true, namesSecrets: target.sendsSecretWords === true };
  const found = target.kind === "url" ? judgeUrl(at, opts, { ...extra, schemeless: true }) : judgeBareHost(at, target.port, opts, extra);
  // Offsets inside the expanded word do not map back onto the command text: point at the word.
  return found.filter((hit) => SHELL_CHECKS.has(hit.check)).map((hit) => ({ ...hit, ...target.span }));
}

/** `input`: the event as the engine hands it, whose command model the shell detector may have built already. */
export function judgeShellCommand(event: GuardEvent, opts: EgressOptions, budget?: Budget, input?: InspectedEvent): Judged {
  const targets = listNetworkTargets(event, budget, input);
  if ("abstain" in targets) return targets;
  return targets.flatMap((target) => judgeTarget(target, opts));
}
