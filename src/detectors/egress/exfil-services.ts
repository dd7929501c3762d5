// Services an attacker uses to receive stolen data: paste and file-drop sites, request bins and
// out-of-band callback domains, public tunnels, and chat webhooks. Matching is by whole DNS
// labels (`evilpastebin.com` is not `pastebin.com`), and for chat services by the webhook path.

export type ServiceKind = "paste" | "capture" | "callback" | "tunnel" | "chat_webhook";

/** Paste sites and anonymous file drops: the site itself or any subdomain. */
const PASTE_SITES = [
  "pastebin.com", "paste.ee", "hastebin.com", "hastebin.skyra.pw", "ghostbin.co", "ghostbin.com", "dpaste.org",
  "dpaste.com", "paste.rs", "termbin.com", "ix.io", "sprunge.us", "0x0.st", "transfer.sh", "file.io", "tmpfiles.org",
  "temp.sh", "bashupload.com", "oshi.at", "catbox.moe", "gofile.io", "anonfiles.com", "keep.sh", "rentry.co",
  "rentry.org", "justpaste.it", "controlc.com", "privatebin.net", "pastes.io", "paste2.org", "pastebin.pl",
  "paste.mozilla.org", "clbin.com", "pixeldrain.com", "uguu.se", "filebin.net", "send.vis.ee",
  // Anonymous, expiring container registries: an image pushed there is anyone's to pull.
  "ttl.sh",
];
/** Request bins and webhook catchers: every request is logged for whoever holds the bin. */
const CAPTURE_SITES = [
  "webhook.site", "requestbin.com", "requestbin.net", "m.pipedream.net", "requestcatcher.com", "beeceptor.com",
  "hookbin.com", "mockbin.org", "postb.in", "ptsv2.com", "ptsv3.com", "webhook.cool", "requestinspector.com",
  "httpdump.app", "typedwebhook.tools",
];
/** Out-of-band interaction servers (DNS and HTTP callbacks) used to confirm and carry leaks. */
const CALLBACK_DOMAINS = [
  "oast.fun", "oast.me", "oast.pro", "oast.live", "oast.site", "oast.online", "interact.sh", "interactsh.com",
  "burpcollaborator.net", "oastify.com", "dnslog.cn", "ceye.io", "dnslog.link", "canarytokens.com", "requestrepo.com",
  "xss.ht", "bxss.me",
];
/** Public tunnels: only their subdomains are someone's endpoint (the bare domain is a vendor site). */
const TUNNEL_DOMAINS = [
  "ngrok.io", "ngrok-free.app", "ngrok.app", "ngrok-free.dev", "ngrok.dev", "trycloudflare.com", "loca.lt",
  "localtunnel.me", "serveo.net", "serveousercontent.com", "localhost.run", "lhr.life", "lhr.rocks", "pagekite.me",
  "tunnelmole.net", "bore.pub", "telebit.io", "pinggy.link", "pinggy.io", "a.pinggy.online", "devtunnels.ms",
  "loclx.io", "localxpose.io", "playit.gg", "tunnelto.dev", "ngrok.pizza", "zrok.io", "share.zrok.io",
];
const DISCORD_HOSTS = ["discord.com", "discordapp.com", "canary.discord.com", "ptb.discord.com", "discordapp.net"];

/** Every catalogued domain with its kind, so a lookup walks the name's suffixes, not the lists. */
const SERVICES = new Map<string, ServiceKind>([
  ...PASTE_SITES.map((d) => [d, "paste"] as const),
  ...CAPTURE_SITES.map((d) => [d, "capture"] as const),
  ...CALLBACK_DOMAINS.map((d) => [d, "callback"] as const),
  ...TUNNEL_DOMAINS.map((d) => [d, "tunnel"] as const),
]);

/** The catalogued domain `name` is or lies under, if any. */
function findServiceDomain(name: string): string | undefined {
  let at = 0;
  for (;;) {
    const suffix = at === 0 ? name : name.slice(at);
    const kind = SERVICES.get(suffix);
    // A tunnel's bare domain is its vendor's site; only subdomains are someone's endpoint.
    if (kind !== undefined && !(kind === "tunnel" && at === 0)) return suffix;
    const dot = name.indexOf(".", at);
    if (dot < 0) return undefined;
    at = dot + 1;
  }
}

/** The kind of exfiltration service `name` (a cleaned host) with URL path `path` is, if any. */
export function matchExfilService(name: string, path: string): ServiceKind | undefined {
  const domain = findServiceDomain(name);
  if (domain !== undefined) return SERVICES.get(domain);
  const lowerPath = path.toLowerCase();
  if (DISCORD_HOSTS.includes(name) && /^\/api\/(?:v\d+\/)?webhooks\//.test(lowerPath)) return "chat_webhook";
  if (name === "api.telegram.org" && /^\/bot[^/]/.test(lowerPath)) return "chat_webhook";
  return undefined;
}

const DATA_LABEL_CHARS = 40;

/**
 * Whether the host itself carries data: a callback domain with extra labels in front of the
 * interaction id (`<data>.<id>.oast.fun`), or one label long enough to hold an encoded value.
 */
export function hostCarriesData(name: string, kind: ServiceKind): boolean {
  if (kind !== "callback" && kind !== "capture") return false;
  const suffix = findServiceDomain(name) ?? "";
  const prefix = name.slice(0, Math.max(0, name.length - suffix.length - 1));
  if (prefix === "") return false;
  const labels = prefix.split(".");
  return labels.length >= 2 || labels.some((l) => l.length >= DATA_LABEL_CHARS);
}

const QUERY_DATA_CHARS = 24;
const QUERY_VALUE_CHARS = 12;

/** Whether a query string carries a value worth calling data (not `?lang=en`). */
export function queryCarriesData(query: string): boolean {
  if (query.length >= QUERY_DATA_CHARS) return true;
  return query.split("&").some((pair) => pair.slice(pair.indexOf("=") + 1).length >= QUERY_VALUE_CHARS);
}

/** Cryptocurrency mining pools: a machine connecting to one is mining for someone. */
const MINING_POOLS = [
  "supportxmr.com", "nanopool.org", "minexmr.com", "f2pool.com", "2miners.com", "nicehash.com", "ethermine.org",
  "hashvault.pro", "moneroocean.stream", "herominers.com", "c3pool.com", "unmineable.com", "viabtc.com", "antpool.com",
  "poolin.com", "slushpool.com", "braiins.com", "miningpoolhub.com", "xmrpool.eu", "gulf.moneroocean.stream",
  "kryptex.network", "woolypooly.com", "zergpool.com", "p2pool.io", "xmrig.com",
];
const MINING_SET = new Set(MINING_POOLS);
/** Stratum, the mining protocol, by URL scheme (`stratum+tcp://`, `stratum2+ssl://`). */
export const isMiningScheme = (scheme: string | undefined): boolean => scheme !== undefined && /^stratum\d?\+(?:tcp|ssl|tls)$/.test(scheme);

/** Whether `name` (lower-case) is a catalogued mining pool or a subdomain of one. */
export function isMiningPool(name: string): boolean {
  for (let at = 0; ; ) {
    if (MINING_SET.has(at === 0 ? name : name.slice(at))) return true;
    const dot = name.indexOf(".", at);
    if (dot < 0) return false;
    at = dot + 1;
  }
}
