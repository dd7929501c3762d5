// Hosts of recognised API families: the services an agent authenticates to with a token as a
// matter of course (code hosting, cloud providers, model providers, registries, payment and
// messaging APIs). A secret sent to one of these in an Authorization header is the secret being
// used, not leaked (issue 17 item 6). Matching is by whole DNS labels, like exfil-services.ts.
import { endsWithLabel } from "./host-class.ts";

/** Each family's API hosts; a name matches itself and its subdomains. */
const API_FAMILIES: Record<string, readonly string[]> = {
  github: ["api.github.com", "uploads.github.com", "github.com", "githubusercontent.com", "ghcr.io"],
  gitlab: ["gitlab.com"],
  bitbucket: ["api.bitbucket.org", "bitbucket.org"],
  google: ["googleapis.com"],
  aws: ["amazonaws.com", "api.aws"],
  azure: ["management.azure.com", "graph.microsoft.com", "login.microsoftonline.com", "dev.azure.com", "vault.azure.net", "azurecr.io"],
  models: [
    "api.openai.com", "api.anthropic.com", "api.mistral.ai", "api.cohere.ai", "api.cohere.com", "api.groq.com", "api.together.xyz",
    "api.fireworks.ai", "api.deepseek.com", "api.x.ai", "openrouter.ai", "api.replicate.com", "huggingface.co", "api.perplexity.ai",
  ],
  registries: ["registry.npmjs.org", "upload.pypi.org", "pypi.org", "hub.docker.com", "registry-1.docker.io", "quay.io", "crates.io", "rubygems.org"],
  platforms: [
    "api.cloudflare.com", "api.digitalocean.com", "api.heroku.com", "api.linode.com", "api.vercel.com", "api.netlify.com", "api.fly.io",
    "app.terraform.io", "api.render.com", "api.hetzner.cloud",
  ],
  services: [
    "api.stripe.com", "api.twilio.com", "api.sendgrid.com", "slack.com", "api.atlassian.com", "atlassian.net", "api.pagerduty.com",
    "api.datadoghq.com", "api.datadoghq.eu", "sentry.io", "api.notion.com", "api.linear.app", "openai.azure.com", "api.mailgun.net",
  ],
};

const API_HOSTS = Object.values(API_FAMILIES).flat();

/** Whether `name` (a cleaned, lower-case host) belongs to a recognised API family. */
export const isApiHost = (name: string): boolean => API_HOSTS.some((host) => endsWithLabel(name, host));
