// What a written file is to whoever runs it: a shell script (by extension, shebang, or because a
// shell or git loads it: rc files, profiles, /etc/profile.d, git hooks, init scripts), a build or
// CI file whose parts run commands, a systemd unit, a notebook, or source code.
import { baseName } from "./paths.ts";

export type FileKind =
  | "script"
  | "make"
  | "ci"
  | "docker"
  | "package"
  | "tasks"
  | "crontab"
  | "system_crontab"
  | "unit"
  | "notebook"
  | "ssh_config"
  | "git_config"
  | "code";

const SHEBANG = /^#!\s*(?:\/usr)?\/bin\/(?:env\s+)?(?:ba|z|k|da)?sh\b/;
const OTHER_SHEBANG = /^#!.*\b(?:python[\d.]*|perl|ruby|node|php)\b/;
const CODE_EXTENSIONS = new Set(["py", "js", "mjs", "cjs", "ts", "ps1", "rb", "php", "pl"]);

/** Files a shell reads as commands when it starts: every line of them runs in the user's shell. */
const STARTUP_FILES = new Set([
  ".bashrc", ".bash_profile", ".bash_login", ".bash_logout", ".bash_aliases", ".profile", ".zshrc", ".zprofile", ".zshenv",
  ".zlogin", ".zlogout", ".kshrc", ".mkshrc", ".xprofile", ".xinitrc", ".xsession", ".envrc", "config.fish",
]);
const STARTUP_PATHS = ["/etc/profile", "/etc/bash.bashrc", "/etc/bashrc", "/etc/zshrc", "/etc/zprofile", "/etc/zshenv", "/etc/rc.local", "/etc/ssh/sshrc"];
const STARTUP_DIRS = ["/etc/profile.d/", "/etc/zsh/", "/etc/init.d/", "/etc/rc.d/", "/etc/update-motd.d/", "/etc/cron.hourly/", "/etc/cron.daily/", "/etc/cron.weekly/", "/etc/cron.monthly/"];

/** A file some program runs as a shell script without being asked: `.bashrc`, a git hook, `~/.ssh/rc`. */
export function isShellLoaded(normal: string): boolean {
  const base = baseName(normal);
  if (STARTUP_FILES.has(base)) return true;
  if (STARTUP_PATHS.includes(normal) || STARTUP_DIRS.some((dir) => normal.startsWith(dir))) return true;
  if (normal.endsWith("/.ssh/rc") || normal === ".ssh/rc") return true;
  return (normal.startsWith(".git/hooks/") || normal.includes("/.git/hooks/") || normal.startsWith(".husky/") || normal.includes("/.husky/")) && !base.endsWith(".sample") && !base.startsWith(".");
}

/** What kind of command-bearing file `path` names (by name, or a shebang), if any. */
export function fileKindOf(path: string, content: string): FileKind | undefined {
  const normal = path.replaceAll("\\", "/").toLowerCase();
  const base = baseName(normal);
  const ext = base.includes(".") ? base.slice(base.lastIndexOf(".") + 1) : "";
  if (["sh", "bash", "zsh", "ksh"].includes(ext) || SHEBANG.test(content)) return "script";
  if (isShellLoaded(normal)) return OTHER_SHEBANG.test(content) ? "code" : "script";
  if (base === "makefile" || base === "gnumakefile" || ext === "mk") return "make";
  if ((normal.includes(".github/workflows/") && (ext === "yml" || ext === "yaml")) || base === ".gitlab-ci.yml") return "ci";
  if (base === "action.yml" || base === "action.yaml") return "ci";
  if (base.startsWith("dockerfile") || base.startsWith("containerfile") || ext === "dockerfile") return "docker";
  if (base === "package.json") return "package";
  if (normal.endsWith(".vscode/tasks.json")) return "tasks";
  if (normal === "/etc/crontab" || normal.startsWith("/etc/cron.d/")) return "system_crontab";
  if (normal.startsWith("/var/spool/cron/") || base === "crontab") return "crontab";
  if (["service", "socket", "timer", "path"].includes(ext) && (normal.includes("/systemd/") || ext === "service")) return "unit";
  if (ext === "ipynb") return "notebook";
  if (normal.endsWith(".ssh/config") || normal === "/etc/ssh/ssh_config" || normal.startsWith("/etc/ssh/ssh_config.d/")) return "ssh_config";
  if (base === ".gitconfig" || normal.endsWith(".git/config") || normal === "/etc/gitconfig" || normal.endsWith("/git/config")) return "git_config";
  if (CODE_EXTENSIONS.has(ext)) return "code";
  return undefined;
}

export const isPowerShellFile = (path: string): boolean => /\.ps1$/i.test(path);
