// Package-manager config that names where packages come from (`.npmrc` `registry=`, pip
// `index-url`, yarn `npmRegistryServer`, ...). Pointing an installer at another host lets that
// host serve any package, or shadow internal names (dependency confusion). The organisation's own
// mirror in place of the public registry is not another host in that sense.
import { classifyHost } from "./host-class.ts";
import { type HostList, matchesHostList } from "./host-list.ts";
import { parseUrl } from "./url.ts";

const MAX_CONFIG_CHARS = 1 << 16;

const NPM_REGISTRY = /^[ \t]*(?:@[\w.-]+:)?registry[ \t]*=[ \t]*["']?([^\s"'#;]+)/gim;
const YARN_V1_REGISTRY = /^[ \t]*"?(?:@[\w.-]+:)?registry"?[ \t]+["']?([^\s"'#]+)/gim;
const YARN_BERRY_REGISTRY = /^[ \t]*npm(?:Registry|Publish)Server[ \t]*:[ \t]*["']?([^\s"'#]+)/gim;
const PIP_INDEX = /^[ \t]*(?:extra[-_])?index[-_]url[ \t]*[=:][ \t]*["']?([^\s"'#]+)/gim;
const PYPIRC_REPOSITORY = /^[ \t]*repository[ \t]*[=:][ \t]*([^\s#]+)/gim;

/** The sources each config file names, by file name (lower-case). */
const SOURCE_LINES = new Map<string, RegExp>([
  [".npmrc", NPM_REGISTRY],
  ["npmrc", NPM_REGISTRY],
  [".yarnrc", YARN_V1_REGISTRY],
  [".yarnrc.yml", YARN_BERRY_REGISTRY],
  [".yarnrc.yaml", YARN_BERRY_REGISTRY],
  ["pip.conf", PIP_INDEX],
  ["pip.ini", PIP_INDEX],
  ["uv.toml", PIP_INDEX],
  [".pypirc", PYPIRC_REPOSITORY],
]);

/** The public registries installers use by default, and GitHub's hosted npm registry. */
const DEFAULT_REGISTRIES = [
  "registry.npmjs.org", "registry.yarnpkg.com", "npm.pkg.github.com", "pypi.org", "pypi.python.org",
  "files.pythonhosted.org", "upload.pypi.org",
];

const isDefault = (name: string): boolean => DEFAULT_REGISTRIES.includes(name);

const PRIVATE_CLASSES = new Set(["internal_name", "private", "loopback"]);

/**
 * The organisation's own mirror (`https://pypi.acme.internal`, `https://10.0.4.12`, a devpi on
 * localhost) given in place of the public registry: only its operators publish there. Over plain
 * HTTP anyone on the network path can answer for it, so only loopback may skip TLS. A name that
 * hides an address (`10.0.0.7.nip.io`) is not one, and an extra index beside the public one is
 * judged apart (mixing the two is how dependency confusion works).
 */
export function isPrivateMirror(scheme: string, host: string): boolean {
  const verdict = classifyHost(host);
  if (!PRIVATE_CLASSES.has(verdict.cls) || verdict.obfuscated) return false;
  return scheme.toLowerCase() === "https" || verdict.cls === "loopback";
}

/** Whether writing `content` to a file named `base` points an installer at a non-default host. */
export function namesOtherPackageSource(base: string, content: string, allow: HostList): boolean {
  const lines = SOURCE_LINES.get(base);
  if (!lines) return false;
  for (const m of content.slice(0, MAX_CONFIG_CHARS).matchAll(lines)) {
    const url = parseUrl(m[1]!, true);
    // `.pypirc` also names repositories by section (`repository = pypi`): only URLs count.
    if (!url) continue;
    const { name } = classifyHost(url.host.raw);
    // `index-url`, `registry=`: the source replaced. `extra-index-url` and `.pypirc` (where uploads go) are not.
    const replaces = base !== ".pypirc" && !/extra/i.test(m[0]);
    if (replaces && isPrivateMirror(url.scheme, url.host.raw)) continue;
    if (name !== "" && !isDefault(name) && !matchesHostList(allow, name)) return true;
  }
  return false;
}
