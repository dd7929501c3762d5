// Every check the shell detector can report, with its category, severity, decision and a
// generic title. Titles and reasons never quote the command: they are safe to log anywhere.
//
// Decisions follow one rule: `block` when the command is an attack or irreversible damage on
// its face; `require_approval` when it is a legitimate operation that changes the machine's
// trust (persistence hooks, package sources, interactive root), so a human decides.
import type { CheckSpec } from "../check-spec.ts";

export type { CheckSpec };

const MALICIOUS = "security.malicious_command";
const PRIVESC = "security.privilege_escalation";
const ESCAPE = "security.sandbox_escape";

export const CHECKS = {
  "shell.pipe_to_interpreter": { category: MALICIOUS, severity: "critical", decision: "block", score: 0.95, title: "Remote content executed by an interpreter" },
  "shell.download_then_execute": { category: MALICIOUS, severity: "high", decision: "block", score: 0.9, title: "Downloaded file executed" },
  "shell.decode_then_execute": { category: MALICIOUS, severity: "high", decision: "block", score: 0.9, title: "Decoded content executed" },
  "shell.reverse_shell": { category: MALICIOUS, severity: "critical", decision: "block", score: 0.97, title: "Reverse or bind shell" },
  "shell.offensive_payload": { category: MALICIOUS, severity: "critical", decision: "block", score: 0.95, title: "Attack payload or its listener built (reverse shell, meterpreter, web shell)" },
  "shell.offensive_tool": { category: MALICIOUS, severity: "high", decision: "require_approval", score: 0.75, title: "Attack tooling run against other systems (password guessing, exploitation, wireless attacks, scanning)" },
  "shell.credential_read": { category: "security.secret_leak", severity: "high", decision: "require_approval", score: 0.8, title: "Credential store read" },
  "shell.cryptominer": { category: MALICIOUS, severity: "high", decision: "block", score: 0.9, title: "Cryptocurrency miner started" },
  "shell.hidden_binary": { category: MALICIOUS, severity: "high", decision: "require_approval", score: 0.75, title: "Program run from memory-backed storage or under a kernel thread's name" },
  "shell.port_exposed": { category: "security.data_exfiltration", severity: "high", decision: "require_approval", score: 0.7, title: "Remote-access or database port exposed through a public tunnel" },
  "shell.made_public": { category: "security.data_exfiltration", severity: "high", decision: "require_approval", score: 0.75, title: "Repository or stored data made readable by anyone" },
  "shell.bulk_data_upload": { category: "security.data_exfiltration", severity: "high", decision: "require_approval", score: 0.75, title: "Database or whole tree sent to an outside host" },
  "shell.data_exfiltration": { category: "security.data_exfiltration", severity: "high", decision: "block", score: 0.85, title: "Sensitive data sent over the network" },
  "shell.raw_socket_redirect": { category: MALICIOUS, severity: "medium", decision: "require_approval", score: 0.6, title: "Raw network socket opened through a redirection" },
  "shell.destructive_delete": { category: MALICIOUS, severity: "critical", decision: "block", score: 0.95, title: "Deletion of system or home directories" },
  "shell.protected_branch_rewrite": { category: MALICIOUS, severity: "high", decision: "require_approval", score: 0.7, title: "Shared branch history overwritten or deleted" },
  "shell.infrastructure_teardown": { category: MALICIOUS, severity: "high", decision: "require_approval", score: 0.7, title: "Shared infrastructure or data store torn down" },
  "shell.package_publish": { category: "security.supply_chain", severity: "medium", decision: "require_approval", score: 0.65, title: "Package published to a registry" },
  "shell.disk_wipe": { category: MALICIOUS, severity: "critical", decision: "block", score: 0.95, title: "Raw write or format of a block device" },
  "shell.recursive_permission_change": { category: MALICIOUS, severity: "high", decision: "block", score: 0.85, title: "Recursive permission or owner change on system directories" },
  "shell.fork_bomb": { category: "security.resource_exhaustion", severity: "critical", decision: "block", score: 0.95, title: "Fork bomb" },
  "shell.disable_security_control": { category: MALICIOUS, severity: "high", decision: "block", score: 0.9, title: "Security control disabled" },
  "shell.auth_stack_modification": { category: PRIVESC, severity: "critical", decision: "block", score: 0.9, title: "Authentication stack (PAM) modified" },
  "shell.trust_store_modification": { category: "security.config_tampering", severity: "high", decision: "require_approval", score: 0.75, title: "Certificate trust store modified" },
  "shell.kernel_module_load": { category: PRIVESC, severity: "high", decision: "require_approval", score: 0.75, title: "Kernel module loaded from a file" },
  "shell.boot_modification": { category: PRIVESC, severity: "high", decision: "require_approval", score: 0.75, title: "Boot configuration changed" },
  "shell.credential_capture": { category: "security.secret_leak", severity: "high", decision: "block", score: 0.85, title: "Passwords or tokens captured from network traffic" },
  "shell.credential_hunt": { category: "security.secret_leak", severity: "high", decision: "require_approval", score: 0.75, title: "Key and credential files searched for across a disk" },
  "shell.mass_encryption": { category: MALICIOUS, severity: "critical", decision: "block", score: 0.9, title: "Files encrypted in bulk and the originals removed" },
  "shell.privileged_shell_escape": { category: PRIVESC, severity: "high", decision: "block", score: 0.85, title: "Shell started through a program's own escape under privilege" },
  "shell.keystroke_capture": { category: MALICIOUS, severity: "high", decision: "block", score: 0.85, title: "Terminal input or commands captured" },
  "shell.history_tampering": { category: MALICIOUS, severity: "high", decision: "block", score: 0.85, title: "Shell history disabled or erased" },
  "shell.timestamp_forgery": { category: MALICIOUS, severity: "high", decision: "require_approval", score: 0.75, title: "A system file's timestamps forged" },
  "shell.remote_login_weakened": { category: MALICIOUS, severity: "high", decision: "require_approval", score: 0.75, title: "SSH server opened to root or password logins" },
  "shell.log_tampering": { category: MALICIOUS, severity: "high", decision: "block", score: 0.85, title: "System logs erased or altered" },
  "shell.persistence_authorized_keys": { category: MALICIOUS, severity: "high", decision: "block", score: 0.85, title: "SSH authorized keys modified" },
  "shell.persistence_cron": { category: MALICIOUS, severity: "high", decision: "require_approval", score: 0.7, title: "Scheduled task installed" },
  "shell.persistence_shell_rc": { category: MALICIOUS, severity: "high", decision: "require_approval", score: 0.6, title: "Shell startup file modified" },
  "shell.persistence_service": { category: MALICIOUS, severity: "high", decision: "require_approval", score: 0.7, title: "Service or autostart entry installed" },
  "shell.persistence_git_hook": { category: MALICIOUS, severity: "high", decision: "require_approval", score: 0.7, title: "Git hook installed" },
  "shell.setuid_binary": { category: PRIVESC, severity: "high", decision: "block", score: 0.85, title: "Setuid bit or privileged capability granted" },
  "shell.sudoers_modification": { category: PRIVESC, severity: "critical", decision: "block", score: 0.95, title: "Sudo rules modified" },
  "shell.account_file_modification": { category: PRIVESC, severity: "critical", decision: "block", score: 0.9, title: "System account database modified" },
  "shell.privileged_group": { category: PRIVESC, severity: "high", decision: "block", score: 0.85, title: "User added to a privileged group" },
  "shell.root_password_change": { category: PRIVESC, severity: "high", decision: "block", score: 0.85, title: "Root password changed" },
  "shell.sensitive_file_permissions": { category: PRIVESC, severity: "high", decision: "block", score: 0.85, title: "Permissions of credential files loosened" },
  "shell.preload_hijack": { category: PRIVESC, severity: "critical", decision: "block", score: 0.9, title: "Dynamic loader preload configured" },
  "shell.privileged_temp_code": { category: PRIVESC, severity: "high", decision: "require_approval", score: 0.75, title: "Code from a world-writable directory run as root" },
  "shell.cloud_admin_grant": { category: PRIVESC, severity: "high", decision: "require_approval", score: 0.75, title: "Administrator rights granted in a cloud account or cluster" },
  "shell.interactive_root_shell": { category: PRIVESC, severity: "high", decision: "require_approval", score: 0.7, title: "Interactive root shell requested" },
  "shell.container_socket": { category: ESCAPE, severity: "high", decision: "block", score: 0.9, title: "Container runtime socket accessed" },
  "shell.privileged_container": { category: ESCAPE, severity: "high", decision: "block", score: 0.9, title: "Container started with host privileges" },
  "shell.host_namespace_escape": { category: ESCAPE, severity: "critical", decision: "block", score: 0.9, title: "Host namespace or filesystem entered" },
  "shell.guard_tampering": { category: "security.config_tampering", severity: "critical", decision: "block", score: 0.95, title: "The agent's guard changed, stopped or overruled" },
  "shell.untrusted_package_source": { category: "security.supply_chain", severity: "medium", decision: "require_approval", score: 0.7, title: "Package installed from an unvetted source" },
} as const satisfies Record<string, CheckSpec>;

export type CheckId = keyof typeof CHECKS;

export const CHECK_IDS = Object.keys(CHECKS) as CheckId[];
