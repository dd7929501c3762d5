// Vendor tokens with a recognisable prefix. One alternation of literal anchors finds which rules
// can match at all, so a benign text costs a single pass; a rule's regex runs only when needed.
// Every quantifier is bounded and every rule starts at a literal, so matching stays linear.
import type { Budget } from "../../engine/budget.ts";
import type { Severity } from "../../wire/verdict.ts";
import { CATEGORIES, PRIORITIES, defineKind, type SecretHit, type SecretKind } from "./secret-kind.ts";
import { hasValidTokenChecksum, isStructuredJwt } from "./token-checks.ts";
import { countClasses, looksLikePlaceholderToken, shannonEntropy } from "./value-filters.ts";

interface TokenRule {
  kind: SecretKind;
  anchors: readonly string[];
  /** Global regex; the whole match is the secret. */
  pattern: RegExp;
  /** Returns the finding score, or undefined to drop the match. */
  score: (token: string) => number | undefined;
}

const MIN_TOKEN_ENTROPY = 3;

/** Default acceptance: not a placeholder and not low-entropy filler. */
const scoreRandomToken = (token: string): number | undefined =>
  looksLikePlaceholderToken(token) || shannonEntropy(token) < MIN_TOKEN_ENTROPY ? undefined : 0.9;

const scoreChecksummedToken = (token: string): number | undefined => {
  if (scoreRandomToken(token) === undefined) return undefined;
  return hasValidTokenChecksum(token) ? 0.99 : 0.85;
};

/** Mixed-case bodies only: keeps hex digests and lower-case identifiers out of loose formats. */
const scoreMixedToken = (token: string): number | undefined =>
  countClasses(token) >= 2 ? scoreRandomToken(token) : undefined;

const scoreJwt = (token: string): number | undefined => (isStructuredJwt(token) ? 0.9 : undefined);

interface RuleSpec {
  name: string;
  label: string;
  title: string;
  anchors: readonly string[];
  pattern: RegExp;
  severity?: Severity;
  category?: string;
  priority?: number;
  score?: (token: string) => number | undefined;
}

const defineRule = (spec: RuleSpec): TokenRule => ({
  kind: defineKind(
    spec.name,
    spec.category ?? CATEGORIES.apiKey,
    spec.severity ?? "high",
    spec.label,
    spec.title,
    spec.priority ?? PRIORITIES.provider,
  ),
  anchors: spec.anchors,
  pattern: spec.pattern,
  score: spec.score ?? scoreRandomToken,
});

// Most patterns open with a lookbehind so a token never starts inside a longer word, which
// also means at most one attempt per run of token characters.
const TOKEN_RULES: readonly TokenRule[] = [
  defineRule({
    name: "github_token", label: "GITHUB_TOKEN", title: "GitHub token",
    anchors: ["ghp_", "gho_", "ghu_", "ghs_", "ghr_"],
    pattern: /(?<![A-Za-z0-9_])gh[pousr]_[A-Za-z0-9]{36}(?![A-Za-z0-9_])/g,
    score: scoreChecksummedToken,
  }),
  defineRule({
    name: "github_token", label: "GITHUB_TOKEN", title: "GitHub fine-grained token",
    anchors: ["github_pat_"],
    pattern: /(?<![A-Za-z0-9_])github_pat_[A-Za-z0-9]{20,30}_[A-Za-z0-9]{50,70}(?![A-Za-z0-9_])/g,
  }),
  defineRule({
    name: "gitlab_token", label: "GITLAB_TOKEN", title: "GitLab token",
    anchors: ["glpat-", "gldt-", "glrt-", "glptt-", "glcbt-", "glft-", "glimt-", "glsoat-", "gloas-"],
    pattern:
      /(?<![A-Za-z0-9_-])gl(?:pat|dt|rt|ptt|cbt|ft|imt|soat|oas)-[A-Za-z0-9_-]{20,80}(?:\.[0-9a-z]{2}\.[0-9a-z]{7,12})?(?![A-Za-z0-9_-])/g,
  }),
  defineRule({
    name: "slack_token", label: "SLACK_TOKEN", title: "Slack token",
    anchors: ["xox"],
    pattern: /(?<![A-Za-z0-9_-])xox[abeoprs]-(?:[0-9]{1,20}-)?[A-Za-z0-9-]{10,250}(?![A-Za-z0-9_-])/g,
    score: (token) => (/[0-9]/.test(token) ? scoreRandomToken(token) : undefined),
  }),
  defineRule({
    name: "slack_webhook", label: "SLACK_WEBHOOK", title: "Slack webhook URL",
    anchors: ["hooks.slack.com"],
    pattern: /https?:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9_\/-]{20,200}/g,
    score: (url) => scoreRandomToken(url.slice(url.lastIndexOf("/") + 1)),
  }),
  // Chat webhooks carry their credential in the path: anyone holding the URL can post as the bot.
  defineRule({
    name: "discord_webhook", label: "DISCORD_WEBHOOK", title: "Discord webhook URL",
    anchors: ["/api/webhooks/"],
    pattern: /https?:\/\/(?:[a-z]+\.)?discord(?:app)?\.com\/api\/webhooks\/\d{15,22}\/[A-Za-z0-9_-]{50,100}(?![A-Za-z0-9_-])/g,
    score: (url) => scoreRandomToken(url.slice(url.lastIndexOf("/") + 1)),
  }),
  defineRule({
    name: "teams_webhook", label: "TEAMS_WEBHOOK", title: "Microsoft Teams webhook URL",
    anchors: [".webhook.office.com/", "/IncomingWebhook/"],
    pattern: /https?:\/\/[A-Za-z0-9-]{1,63}\.webhook\.office\.com\/webhookb?2?\/[A-Za-z0-9@-]{20,120}\/IncomingWebhook\/[A-Za-z0-9]{20,40}\/[A-Za-z0-9-]{20,60}/g,
    score: (url) => scoreRandomToken(url.slice(url.indexOf("/IncomingWebhook/") + 17)),
  }),
  defineRule({
    name: "google_chat_webhook", label: "GOOGLE_CHAT_WEBHOOK", title: "Google Chat webhook URL",
    anchors: ["chat.googleapis.com/"],
    pattern: /https?:\/\/chat\.googleapis\.com\/v1\/spaces\/[A-Za-z0-9_-]{6,40}\/messages\?[A-Za-z0-9_=&%-]{0,200}?token=[A-Za-z0-9_%-]{20,120}/g,
    score: (url) => scoreRandomToken(url.slice(url.lastIndexOf("token=") + 6)),
  }),
  defineRule({
    name: "chat_webhook", label: "WEBHOOK_URL", title: "Incoming webhook URL with its key",
    anchors: ["/hooks/", "maker.ifttt.com/"],
    // Mattermost's 26-character hook id, Zapier's catch hooks, IFTTT's Maker key.
    pattern:
      /https?:\/\/(?:[A-Za-z0-9.-]{1,253}\/hooks\/[a-z0-9]{26}|hooks\.zapier\.com\/hooks\/catch\/\d{4,12}\/[A-Za-z0-9]{5,12}|maker\.ifttt\.com\/trigger\/[\w-]{1,64}\/(?:json\/)?with\/key\/[A-Za-z0-9_-]{16,64})(?![A-Za-z0-9_-])/g,
    score: (url) => (url.includes("zapier") ? 0.8 : scoreRandomToken(url.slice(url.lastIndexOf("/") + 1))),
  }),
  defineRule({
    name: "stripe_live_key", label: "STRIPE_KEY", title: "Stripe live secret key",
    anchors: ["_live_"], severity: "critical",
    pattern: /(?<![A-Za-z0-9_])(?:sk|rk)_live_[A-Za-z0-9]{20,247}(?![A-Za-z0-9_])/g,
  }),
  defineRule({
    name: "stripe_test_key", label: "STRIPE_KEY", title: "Stripe test secret key",
    anchors: ["_test_"], severity: "low",
    pattern: /(?<![A-Za-z0-9_])(?:sk|rk)_test_[A-Za-z0-9]{20,247}(?![A-Za-z0-9_])/g,
  }),
  defineRule({
    name: "stripe_webhook_secret", label: "STRIPE_WEBHOOK_SECRET", title: "Stripe webhook secret",
    anchors: ["whsec_"],
    pattern: /(?<![A-Za-z0-9_])whsec_[A-Za-z0-9+\/]{32,64}(?![A-Za-z0-9_])/g,
  }),
  defineRule({
    name: "anthropic_api_key", label: "ANTHROPIC_API_KEY", title: "Anthropic API key",
    anchors: ["sk-"],
    pattern: /(?<![A-Za-z0-9_-])sk-ant-[a-z]{2,8}[0-9]{2}-[A-Za-z0-9_-]{32,300}(?![A-Za-z0-9_-])/g,
  }),
  defineRule({
    name: "openai_api_key", label: "OPENAI_API_KEY", title: "OpenAI-style API key",
    anchors: ["sk-"],
    pattern:
      /(?<![A-Za-z0-9_-])sk-(?:(?:proj|svcacct|admin|None)-[A-Za-z0-9_-]{20,300}|[A-Za-z0-9]{32,64})(?![A-Za-z0-9_-])/g,
    score: scoreMixedToken,
  }),
  defineRule({
    name: "npm_token", label: "NPM_TOKEN", title: "npm access token",
    anchors: ["npm_"],
    pattern: /(?<![A-Za-z0-9_])npm_[A-Za-z0-9]{36}(?![A-Za-z0-9_])/g,
    score: (token) => (countClasses(token) >= 2 ? scoreChecksummedToken(token) : undefined),
  }),
  defineRule({
    name: "pypi_token", label: "PYPI_TOKEN", title: "PyPI upload token",
    anchors: ["pypi-AgE"],
    pattern: /(?<![A-Za-z0-9_-])pypi-AgE[A-Za-z0-9_-]{50,400}/g,
  }),
  defineRule({
    name: "google_api_key", label: "GOOGLE_API_KEY", title: "Google API key",
    anchors: ["AIza"],
    pattern: /(?<![A-Za-z0-9_-])AIza[0-9A-Za-z_-]{35}(?![A-Za-z0-9_-])/g,
  }),
  defineRule({
    name: "google_oauth_secret", label: "GOOGLE_OAUTH_SECRET", title: "Google OAuth client secret",
    anchors: ["GOCSPX-"],
    pattern: /(?<![A-Za-z0-9_-])GOCSPX-[A-Za-z0-9_-]{28}(?![A-Za-z0-9_-])/g,
  }),
  defineRule({
    name: "google_oauth_token", label: "GOOGLE_OAUTH_TOKEN", title: "Google OAuth token",
    anchors: ["ya29.", "1//0"],
    pattern: /(?<![A-Za-z0-9_.\/-])(?:ya29\.[0-9A-Za-z_-]{30,2048}|1\/\/0[0-9A-Za-z_-]{40,512})/g,
  }),
  defineRule({
    name: "sendgrid_api_key", label: "SENDGRID_API_KEY", title: "SendGrid API key",
    anchors: ["SG."],
    pattern: /(?<![A-Za-z0-9_-])SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g,
  }),
  defineRule({
    name: "twilio_api_key", label: "TWILIO_API_KEY", title: "Twilio API key",
    anchors: ["SK"],
    pattern: /(?<![A-Za-z0-9_])SK[0-9a-f]{32}(?![A-Za-z0-9_])/g,
    score: (token) => (/[a-f]/.test(token.slice(2)) && /[0-9]/.test(token) ? scoreRandomToken(token) : undefined),
  }),
  defineRule({
    name: "huggingface_token", label: "HUGGINGFACE_TOKEN", title: "Hugging Face token",
    anchors: ["hf_"],
    pattern: /(?<![A-Za-z0-9_])hf_[A-Za-z0-9]{30,40}(?![A-Za-z0-9_])/g,
    score: scoreMixedToken,
  }),
  defineRule({
    name: "jwt", label: "JWT", title: "JSON Web Token",
    anchors: ["eyJ"], priority: PRIORITIES.jwt,
    pattern: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,4096}\.ey[A-Za-z0-9_-]{8,8192}\.[A-Za-z0-9_-]{0,1024}/g,
    score: scoreJwt,
  }),
  defineRule({
    name: "age_secret_key", label: "PRIVATE_KEY", title: "age secret key",
    anchors: ["AGE-SECRET-KEY-1"], category: CATEGORIES.privateKey, severity: "critical",
    priority: PRIORITIES.privateKey,
    pattern: /AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}/g,
  }),
  ...[
    ["digitalocean_token", "DIGITALOCEAN_TOKEN", "DigitalOcean token", "_v1_", /(?<![A-Za-z0-9_])do[opr]_v1_[a-f0-9]{64}(?![A-Za-z0-9_])/g],
    ["shopify_token", "SHOPIFY_TOKEN", "Shopify token", "shp", /(?<![A-Za-z0-9_])shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}(?![A-Za-z0-9_])/g],
    ["doppler_token", "DOPPLER_TOKEN", "Doppler token", "dp.", /(?<![A-Za-z0-9_.])dp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,44}(?![A-Za-z0-9_])/g],
    ["vault_token", "VAULT_TOKEN", "HashiCorp Vault token", ["hvs.", "hvb."], /(?<![A-Za-z0-9_.])hv[sb]\.[A-Za-z0-9_-]{24,400}(?![A-Za-z0-9_-])/g],
    ["linear_api_key", "LINEAR_API_KEY", "Linear API key", "lin_", /(?<![A-Za-z0-9_])lin_(?:api|oauth)_[A-Za-z0-9]{40}(?![A-Za-z0-9_])/g],
    ["groq_api_key", "GROQ_API_KEY", "Groq API key", "gsk_", /(?<![A-Za-z0-9_])gsk_[A-Za-z0-9]{48,56}(?![A-Za-z0-9_])/g],
    ["xai_api_key", "XAI_API_KEY", "xAI API key", "xai-", /(?<![A-Za-z0-9_-])xai-[A-Za-z0-9]{70,90}(?![A-Za-z0-9_-])/g],
    ["replicate_token", "REPLICATE_TOKEN", "Replicate API token", "r8_", /(?<![A-Za-z0-9_])r8_[A-Za-z0-9]{37}(?![A-Za-z0-9_])/g],
    ["perplexity_api_key", "PERPLEXITY_API_KEY", "Perplexity API key", "pplx-", /(?<![A-Za-z0-9_-])pplx-[A-Za-z0-9]{48}(?![A-Za-z0-9_-])/g],
    ["databricks_token", "DATABRICKS_TOKEN", "Databricks token", "dapi", /(?<![A-Za-z0-9_])dapi[a-f0-9]{32}(?:-[0-9])?(?![A-Za-z0-9_])/g],
    ["postman_api_key", "POSTMAN_API_KEY", "Postman API key", "PMAK-", /PMAK-[a-f0-9]{24}-[a-f0-9]{34}(?![A-Za-z0-9_])/g],
    ["grafana_token", "GRAFANA_TOKEN", "Grafana token", ["glsa_", "glc_"], /(?<![A-Za-z0-9_])(?:glsa_[A-Za-z0-9]{32}_[a-f0-9]{8}|glc_[A-Za-z0-9+\/]{32,400}={0,2})(?![A-Za-z0-9_])/g],
    ["sentry_token", "SENTRY_TOKEN", "Sentry auth token", "sntry", /(?<![A-Za-z0-9_])sntry[su]_[A-Za-z0-9+\/=_-]{40,400}/g],
    ["newrelic_api_key", "NEWRELIC_API_KEY", "New Relic API key", "NRAK-", /NRAK-[A-Z0-9]{27}(?![A-Za-z0-9_])/g],
    ["telegram_bot_token", "TELEGRAM_BOT_TOKEN", "Telegram bot token", ":AA", /(?<![0-9])[0-9]{8,10}:AA[A-Za-z0-9_-]{33}(?![A-Za-z0-9_-])/g],
    ["atlassian_api_token", "ATLASSIAN_API_TOKEN", "Atlassian API token", "ATATT3", /ATATT3[A-Za-z0-9_=-]{150,250}/g],
    ["square_token", "SQUARE_TOKEN", "Square access token", "sq0", /(?<![A-Za-z0-9_])sq0(?:atp|csp)-[A-Za-z0-9_-]{22,43}(?![A-Za-z0-9_-])/g],
    // GitLab agent tokens are longer than the other GitLab formats: `glagent-` and 50 or more.
    ["gitlab_token", "GITLAB_TOKEN", "GitLab agent token", "glagent-", /(?<![A-Za-z0-9_-])glagent-[A-Za-z0-9_-]{50,80}(?![A-Za-z0-9_-])/g],
    ["square_token", "SQUARE_TOKEN", "Square access token", "EAAA", /(?<![A-Za-z0-9_+\/-])EAAA[A-Za-z0-9+=_-]{60}(?![A-Za-z0-9_+\/=-])/g],
    // Mailchimp: 32 hex digits and the data centre the account lives in.
    ["mailchimp_api_key", "MAILCHIMP_API_KEY", "Mailchimp API key", "-us", /(?<![A-Za-z0-9_])[0-9a-f]{32}-us[0-9]{1,2}(?![A-Za-z0-9_])/g],
    ["supabase_token", "SUPABASE_TOKEN", "Supabase access token", "sbp_", /(?<![A-Za-z0-9_])sbp_[a-f0-9]{40}(?![A-Za-z0-9_])/g],
  ].map(([name, label, title, anchors, pattern]) =>
    defineRule({ name, label, title, anchors: [anchors].flat(), pattern } as RuleSpec),
  ),
];

const escapeRegExp = (literal: string): string => literal.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** Rules keyed by anchor, and one alternation that finds every anchor in a single pass. */
const RULES_BY_ANCHOR = new Map<string, TokenRule[]>();
for (const rule of TOKEN_RULES) {
  for (const anchor of rule.anchors) RULES_BY_ANCHOR.set(anchor, [...(RULES_BY_ANCHOR.get(anchor) ?? []), rule]);
}
const ANCHOR = new RegExp([...RULES_BY_ANCHOR.keys()].map(escapeRegExp).join("|"), "g");

// Matches do not overlap; an anchor hidden inside another would start inside a longer word,
// where every rule's lookbehind refuses to match anyway.
function findAnchoredRules(text: string): Set<TokenRule> {
  const rules = new Set<TokenRule>();
  for (const anchor of new Set(text.match(ANCHOR))) {
    for (const rule of RULES_BY_ANCHOR.get(anchor)!) rules.add(rule);
  }
  return rules;
}

/** Appends every vendor-token match in `text` to `hits`. */
export function scanProviderTokens(text: string, hits: SecretHit[], budget: Budget): void {
  for (const rule of findAnchoredRules(text)) {
    for (const match of text.matchAll(rule.pattern)) {
      if (budget.spent()) return;
      const score = rule.score(match[0]);
      if (score === undefined) continue;
      hits.push({ kind: rule.kind, start: match.index, end: match.index + match[0].length, score });
    }
  }
}
