// Which files hold secrets worth a human's approval before an agent reads them. Rules look at
// whole normalised segments, so `docs/ssh/id_rsa.md` or `src/components/shadow.css` never match.
import type { CheckId } from "./checks.ts";
import { type NormalPath, baseOf, endsWith, findSequence, isBelow, isExactly, parentOf } from "./paths.ts";

type ReadRule = (p: NormalPath, base: string) => boolean;

const SYSTEM_SECRETS = new Set(["shadow", "shadow-", "gshadow", "gshadow-", "sudoers", "master.passwd", "spwd.db"]);

const isSystemSecret: ReadRule = (p, base) =>
  (p.absolute && p.segs.length === 2 && p.segs[0] === "etc" && SYSTEM_SECRETS.has(base)) ||
  isBelow(p, "abs", ["etc", "sudoers.d"]) ||
  isExactly(p, "abs", ["etc", "security", "opasswd"]) ||
  isExactly(p, "abs", ["proc", "*", "environ"]) ||
  (isBelow(p, "abs", ["run", "secrets"]) && p.segs[2] !== "kubernetes.io");

/** Files in `~/.ssh` that are not keys. */
const SSH_PUBLIC_FILES = new Set([
  "known_hosts", "known_hosts.old", "config", "authorized_keys", "authorized_keys2", "environment", "rc",
]);
const SSH_KEY_NAME = /^id_(?:rsa|dsa|ecdsa|ed25519|xmss)(?:[-_][a-z0-9_-]*)?$/;
const KEY_EXTENSIONS = /\.(?:pem|key|p12|pfx|ppk|jks|keystore|p8)$/;
/** Names that mark a `.pem` as a certificate rather than a private key (`ca.pem`, `fullchain.pem`). */
const CERTIFICATE_WORDS = /(?:^|[-_.])(?:ca|cacert|cert|certs|certificate|chain|fullchain|bundle|crt|root|intermediate)(?=[-_.]|$)/;
/** Names that mark any key-like file as the public half or a trust store. */
const PUBLIC_KEY_WORDS = /(?:^|[-_.])(?:pub|public|pubkey|trust|truststore|cacerts)(?=[-_.]|$)/;

const isPrivateKey: ReadRule = (p, base) => {
  if (base.endsWith(".pub")) return false;
  if (parentOf(p) === ".ssh") return !SSH_PUBLIC_FILES.has(base) && !base.endsWith(".old") && !base.startsWith("known_hosts");
  if (SSH_KEY_NAME.test(base)) return true;
  if (isExactly(p, "abs", ["etc", "ssh", "*"]) && /^ssh_host_[a-z0-9]+_key$/.test(base)) return true;
  if (KEY_EXTENSIONS.test(base)) {
    const stem = base.replace(KEY_EXTENSIONS, "");
    return !PUBLIC_KEY_WORDS.test(stem) && !(base.endsWith(".pem") && CERTIFICATE_WORDS.test(stem));
  }
  return (
    findSequence(p.segs, [".gnupg", "private-keys-v1.d"]) >= 0 ||
    endsWith(p, [".gnupg", "secring.gpg"]) ||
    isBelow(p, "abs", ["etc", "ssl", "private"])
  );
};

const isCloudCredential: ReadRule = (p, base) =>
  endsWith(p, [".aws", "credentials"]) ||
  findSequence(p.segs, [".aws", "sso", "cache"]) >= 0 ||
  findSequence(p.segs, [".aws", "cli", "cache"]) >= 0 ||
  below(p, [".config", "gcloud"]) ||
  below(p, [".azure"]) ||
  endsWith(p, [".kube", "config"]) ||
  base === "kubeconfig" ||
  base.endsWith(".kubeconfig") ||
  endsWith(p, [".docker", "config.json"]) ||
  endsWith(p, [".oci", "config"]) ||
  base === "application_default_credentials.json" ||
  endsWith(p, [".terraform.d", "credentials.tfrc.json"]) ||
  endsWith(p, ["doctl", "config.yaml"]) ||
  endsWith(p, [".fly", "config.yml"]) ||
  findSequence(p.segs, ["secrets", "kubernetes.io", "serviceaccount"]) >= 0 ||
  (p.home && p.segs.length === 1 && (base === ".boto" || base === ".s3cfg" || base === ".databrickscfg"));

/** Somewhere below a directory sequence, wherever it is rooted. */
function below(p: NormalPath, seq: readonly string[]): boolean {
  const at = findSequence(p.segs, seq);
  return at >= 0 && at + seq.length < p.segs.length;
}

const HOME_CREDENTIAL_FILES = new Set([
  ".netrc", "_netrc", ".npmrc", ".pypirc", ".pgpass", ".my.cnf", ".git-credentials", ".vault-token", ".terraformrc",
  ".yarnrc.yml", ".dockercfg", ".cargo/credentials", ".cargo/credentials.toml", ".gem/credentials", ".m2/settings.xml",
  ".gradle/gradle.properties", ".composer/auth.json", ".config/gh/hosts.yml", ".config/hub", ".config/git/credentials",
  // Agent and model-hub logins: the token that lets the agent itself act as the user.
  ".claude/.credentials.json", ".codex/auth.json", ".config/github-copilot/hosts.json", ".config/github-copilot/apps.json",
  ".huggingface/token", ".cache/huggingface/token",
  // Cloud-storage remotes with their keys and OAuth tokens.
  ".config/rclone/rclone.conf",
]);

/** OAuth client secrets, service-account keys and app secret stores (`.streamlit/secrets.toml`). */
const SECRET_CONFIG = /^(?:client_secrets?|service[-_]?account|credentials|\.?secrets?)(?:[-_.][a-z0-9_.-]*)?\.(?:json|ya?ml|toml)$/;

const isCredentialFile: ReadRule = (p, base) =>
  base === ".git-credentials" ||
  // Terraform keeps every resource's attributes in its state, database passwords and keys in the clear.
  base === "terraform.tfstate" || base === "terraform.tfstate.backup" ||
  (SECRET_CONFIG.test(base) && parentOf(p) !== "templates" && !ENV_TEMPLATE_WORDS.test(base)) ||
  base.endsWith(".keytab") ||
  (p.home && p.segs.length <= 3 && HOME_CREDENTIAL_FILES.has(p.segs.join("/")));

/** `.env`, `.env.local`, `prod.env`, `.envrc`; not the documented templates beside them. */
const ENV_TEMPLATE_WORDS = /(?:^|[.\-_])(?:example|examples|sample|samples|template|templates|tpl|dist|defaults|schema|skeleton|stub)(?=[.\-_]|$)/;

/** `.env.md`, `.env.d.ts`: documentation and type declarations about the variables, not values. */
const SOURCE_EXTENSIONS = /\.(?:md|mdx|txt|rst|adoc|html|ts|tsx|js|mjs|cjs|py|go|rs|rb|java|kt|swift|php|cs)$/;

const isEnvFile: ReadRule = (_p, base) => {
  const envLike = base === ".env" || base === ".envrc" || base === ".dev.vars" || base.startsWith(".env.") || (base.endsWith(".env") && base.length > 4);
  return envLike && !ENV_TEMPLATE_WORDS.test(base) && !SOURCE_EXTENSIONS.test(base);
};

const HISTORY_FILES = new Set([
  ".bash_history", ".zsh_history", ".history", ".sh_history", ".ksh_history", ".python_history", ".mysql_history",
  ".psql_history", ".node_repl_history", ".sqlite_history", ".rediscli_history", "fish_history", ".zhistory",
  "consolehost_history.txt", ".irb_history", ".lesshst", ".mongosh_history", ".dbshell",
]);

const isHistory: ReadRule = (_p, base) => HISTORY_FILES.has(base);

const CHROMIUM_STORES = new Set(["login data", "login data for account", "cookies", "web data", "local state"]);
const CHROMIUM_DIRS = /^(?:google-chrome.*|chrom(?:e|ium).*|microsoft-edge.*|edge|brave.*|bravesoftware|opera.*|vivaldi|yandexbrowser|user data|arc)$/;
const FIREFOX_STORES = new Set(["logins.json", "key4.db", "key3.db", "cookies.sqlite", "signons.sqlite", "logins-backup.json"]);
const FIREFOX_DIRS = /^(?:\.mozilla|firefox|mozilla|thunderbird|\.thunderbird|librewolf|\.librewolf|waterfox|zen)$/;

const isBrowserStore: ReadRule = (p, base) =>
  (CHROMIUM_STORES.has(base) && p.segs.some((s) => CHROMIUM_DIRS.test(s))) ||
  (FIREFOX_STORES.has(base) && p.segs.some((s) => FIREFOX_DIRS.test(s))) ||
  base.endsWith(".keychain-db") ||
  base.endsWith(".keychain") ||
  findSequence(p.segs, ["library", "keychains"]) >= 0 ||
  below(p, [".local", "share", "keyrings"]) ||
  below(p, [".local", "share", "kwalletd"]);

const isPasswordVault: ReadRule = (p, base) =>
  /\.(?:kdbx|kdb|1pif|opvault|agilekeychain|psafe3)$/.test(base) ||
  (below(p, [".password-store"]) && base.endsWith(".gpg")) ||
  (base === "data.json" && p.segs.some((s) => s === "bitwarden")) ||
  (/\.sqlite$/.test(base) && p.segs.some((s) => s.includes("1password")));

const isWallet: ReadRule = (p, base) =>
  base === "wallet.dat" ||
  base.endsWith(".wallet") ||
  below(p, [".electrum", "wallets"]) ||
  below(p, [".ethereum", "keystore"]) ||
  endsWith(p, ["solana", "id.json"]) ||
  p.segs.includes("nkbihfbeogaeaoehlefnkodbefgpgknn");

const READ_RULES: [CheckId, ReadRule][] = [
  ["files.system_secret_read", isSystemSecret],
  ["files.browser_store_read", isBrowserStore],
  ["files.password_vault_read", isPasswordVault],
  ["files.wallet_read", isWallet],
  ["files.cloud_credentials_read", isCloudCredential],
  ["files.private_key_read", isPrivateKey],
  ["files.credential_file_read", isCredentialFile],
  ["files.env_read", isEnvFile],
  ["files.history_read", isHistory],
];

/** Answers for the normal forms normalisePath shares: several rules classify one path. */
const classified = new WeakMap<NormalPath, CheckId | null>();

/** The check a read of this path trips, if any. */
export function classifyRead(p: NormalPath): CheckId | undefined {
  const known = classified.get(p);
  if (known !== undefined) return known ?? undefined;
  const found = classify(p);
  classified.set(p, found ?? null);
  return found;
}

function classify(p: NormalPath): CheckId | undefined {
  const base = baseOf(p);
  if (base === "") return undefined;
  for (const [check, rule] of READ_RULES) if (rule(p, base)) return check;
  return undefined;
}
