// Supply chain: packages installed from outside the vetted registries: direct URLs, git
// sources, alternative indexes and registries, plain-HTTP or trusted-host overrides, and
// third-party system package repositories. These ask for approval: often legitimate, never
// reviewed by the registry. `go install module@version` resolves through the Go proxy, and an
// internal mirror given in place of the public registry is the organisation's own: allowed.
import { writesOf } from "../effects.ts";
import type { Invocation } from "../model.ts";
import { allOptions, operands, type ScannedOption, valueText } from "../options.ts";
import { hostOf, isUrl, normalizePath } from "../paths.ts";
import { isPrivateMirror } from "../../egress/package-sources.ts";
import { eachInvocation, type Hit, hit, type Rule, type RuleContext } from "./rule.ts";

const DEFAULT_HOSTS = new Set([
  "pypi.org", "files.pythonhosted.org", "pypi.python.org", "registry.npmjs.org", "registry.yarnpkg.com",
  "registry.npmmirror.com", "rubygems.org", "index.crates.io", "crates.io", "proxy.golang.org", "download.pytorch.org",
]);

const PIP_NAME = /^(pip[0-9.]*|pipx|uv|easy_install)$/;
/** The regex only runs on names that could match it, not on every command. */
const isPipName = (name: string): boolean => (name.startsWith("pip") || name === "uv" || name === "easy_install") && PIP_NAME.test(name);
const NODE_MANAGERS = new Set(["npm", "yarn", "pnpm", "bun", "npx", "bunx", "pnpx"]);
const INSTALL_VERBS = new Set(["install", "i", "add", "isntall", "in", "ins", "inst", "insta", "instal", "update", "upgrade", "exec", "dlx", "x"]);
/** Runners fetch only their first operand; the rest are that package's own arguments. */
const RUNNERS = new Set(["npx", "bunx", "pnpx"]);
const RUN_VERBS = new Set(["exec", "dlx", "x"]);
const VCS_PREFIXES = ["git+", "git://", "hg+", "svn+", "bzr+", "github:", "gitlab:", "bitbucket:", "gist:"];

export const supplyChainRule: Rule = (ctx) => [
  ...eachInvocation(ctx, (inv) => judgeInstall(ctx, inv)),
  ...eachInvocation(ctx, judgeRepositoryFiles),
];

function judgeInstall(ctx: RuleContext, inv: Invocation): Hit | undefined {
  const args = pipArgs(inv) ?? (NODE_MANAGERS.has(inv.name) ? inv.args : undefined);
  if (!args) return undefined;
  const isPip = args !== inv.args || isPipName(inv.name);
  const spec = isPip ? PIP_SPEC : NODE_SPEC;
  const texts = args.map((arg) => arg.text);
  if (texts[0] === "config" && texts[1] === "set" && /registry|index/.test(texts[2] ?? "")) {
    return judgeSource(ctx, inv, texts.slice(2).join("=").split("=").pop() ?? "", false, true);
  }
  const runner = RUNNERS.has(inv.name);
  const verbIndex = runner ? -1 : texts.findIndex((text) => !text.startsWith("-"));
  if (!runner && !INSTALL_VERBS.has(texts[verbIndex] ?? "")) return undefined;
  const rest = args.slice(verbIndex + 1);
  const options = allOptions(rest, spec);
  for (const option of options) {
    const source = valueText(option.value);
    const judged = SOURCE_OPTIONS.has(option.flag) && source !== undefined ? judgeSource(ctx, inv, source, option.flag === "--trusted-host", REPLACING_OPTIONS.has(option.flag)) : undefined;
    if (judged) return judged;
  }
  const named = operands(rest, spec).map((arg) => arg.text);
  const runsPackage = runner || RUN_VERBS.has(texts[verbIndex] ?? "");
  const specs = [...(runsPackage ? named.slice(0, 1) : named), ...editableSpecs(options)];
  return specs.some((candidate) => isRemoteSpec(candidate, isPip)) ? hit("shell.untrusted_package_source", inv) : undefined;
}

/** `pip install -e git+https://...` installs its value like an operand. */
function editableSpecs(options: ScannedOption[]): string[] {
  return options.filter((option) => option.flag === "-e" || option.flag === "--editable").map((option) => valueText(option.value) ?? "");
}

/** pip's own argv, also when run as `python -m pip` or `uv pip`. */
function pipArgs(inv: Invocation): Invocation["args"] | undefined {
  if (inv.name === "uv" && inv.args[0]?.text === "pip") return inv.args.slice(1);
  if (isPipName(inv.name) && inv.name !== "uv") return inv.args;
  if (inv.program?.kind === "module" && inv.program.language === "python") {
    const at = inv.args.findIndex((arg) => arg.text === "-m");
    return inv.args[at + 1]?.text === "pip" ? inv.args.slice(at + 2) : undefined;
  }
  return undefined;
}

const SOURCE_OPTIONS = new Set(["-i", "--index-url", "--extra-index-url", "-f", "--find-links", "--trusted-host", "--registry", "--source"]);
const PIP_SPEC = { shortWithValue: "icrefb", longWithValue: ["index-url", "extra-index-url", "find-links", "trusted-host", "constraint", "requirement", "editable", "target", "prefix", "root"] };
const NODE_SPEC = { longWithValue: ["registry", "prefix", "cache", "tag", "workspace", "filter"] };

/** Options that replace the registry rather than add one beside it. */
const REPLACING_OPTIONS = new Set(["-i", "--index-url", "--registry"]);

function judgeSource(ctx: RuleContext, inv: Invocation, source: string, trustedHost = false, replaces = false): Hit | undefined {
  if (trustedHost) return hit("shell.untrusted_package_source", inv, "high");
  const host = hostOf(source);
  if (!host) return undefined;
  if (DEFAULT_HOSTS.has(host) || ctx.allowedPackageHosts.includes(host)) return undefined;
  if (replaces && isPrivateMirror(source.slice(0, Math.max(0, source.indexOf("://"))), host)) return undefined;
  return hit("shell.untrusted_package_source", inv, source.toLowerCase().startsWith("http://") ? "high" : undefined);
}

function isRemoteSpec(spec: string, isPip: boolean): boolean {
  const lower = spec.toLowerCase();
  const body = isPip ? (lower.split("@").slice(1).join("@").trim() || lower) : lower;
  if (VCS_PREFIXES.some((prefix) => body.startsWith(prefix) || lower.startsWith(prefix))) return true;
  if (isUrl(body)) return true;
  if (isPip) return false;
  // npm resolves `user/repo` (no scope, not a path) to GitHub.
  return /^[a-z0-9][\w.-]*\/[\w.-]+(#.*)?$/i.test(spec) && !spec.startsWith("@");
}

const REPOSITORY_FILES = ["/etc/apt/sources.list", "/etc/yum.repos.d/", "/etc/zypp/repos.d/", "/etc/apk/repositories"];

const isRepositoryFile = (path: string): boolean => REPOSITORY_FILES.some((file) => path.startsWith(file));

/** New system package repositories: every later install trusts them. */
function judgeRepositoryFiles(inv: Invocation): Hit | undefined {
  const adds = writesOf(inv).some((write) => isRepositoryFile(normalizePath(write.path)));
  return adds ? hit("shell.untrusted_package_source", inv) : undefined;
}
