// Credentials filed under names that say nothing about them (`partner.syncMaterial`,
// `<add key="PartnerBlob" value="..."/>`, `upstream_seed_v2 = "..."`), one per line of a
// .properties, INI, TOML, YAML or env file or an XML appSettings entry. With no name to go on,
// only a value that could not have been typed counts: long, all three character classes mixed
// the way random draws mix them, high entropy, and not under a name for an id, a hash or a
// public value.
import type { Budget } from "../../engine/budget.ts";
import { CATEGORIES, PRIORITIES, defineKind, type SecretHit } from "./secret-kind.ts";
import { looksLikePlaceholderValue, shannonEntropy } from "./value-filters.ts";

const DRAWN_CONFIG_VALUE = defineKind(
  "random_config_value", CATEGORIES.leak, "medium", "SECRET", "Random-looking secret value in configuration", PRIORITIES.generic - 1,
);

// `name = value`, `name: "value"`, `export NAME=value`: the whole line, the value alone after the operator.
const CONFIG_LINE =
  /^[ \t]*(?:export[ \t]+)?["']?([A-Za-z_][\w.-]{0,63})["']?[ \t]*[=:][ \t]*(["']?)([A-Za-z0-9+/_=~-]{32,256})\2[ \t]*(?:,[ \t]*)?$/gm;
// `<add key="Name" value="..."/>` and `<entry key="Name">...</entry>`.
const XML_ENTRY = /<(?:add|entry|setting|property)[ \t]+(?:key|name)="([\w.:-]{1,64})"[ \t]+value="([A-Za-z0-9+/_=~-]{32,256})"/g;

// Last words of names whose values are identifiers, digests or meant to be shared.
const NOT_SECRET_WORD =
  /^(?:id|ids|uuid|guid|hash|digest|checksum|sha\d*|md5|commit|rev|revision|etag|version|integrity|fingerprint|thumbprint|nonce|cert|certificate|image|tag|ref|url|uri|path|file|dir|host|name|email|user|username|account|region|bucket|trace|span|request|build|sum|key[_-]?id|kid|cid|sid|address|wallet|pub|public|publickey)$/i;
const PUBLIC_NAME =
  /public|publishable|pubkey|(?:^|[._-])pub(?:[._-]|$)|client[._-]?id|app[._-]?id|tracking|analytics|measurement|avatar|image|icon|logo|thumb|favicon|picture|photo/i;
// Base64 of a file rather than a secret: PNG, JPEG, GIF, PDF, ZIP, gzip, WebP and WOFF headers.
const ENCODED_FILE = /^(?:iVBORw0KGgo|\/9j\/|R0lGOD|JVBERi|UEsDB|H4sI|UklGR|d09GR)/;

const MIN_TRANSITIONS = 0.4;

/** How often the character class changes between neighbours: ~0.6 drawn, ~0.2 in camelCase words. */
function classTransitions(value: string): number {
  const classOf = (c: number): number => (c >= 48 && c <= 57 ? 0 : c >= 65 && c <= 90 ? 1 : c >= 97 && c <= 122 ? 2 : 3);
  let changes = 0;
  for (let i = 1; i < value.length; i++) if (classOf(value.charCodeAt(i)) !== classOf(value.charCodeAt(i - 1))) changes++;
  return changes / (value.length - 1);
}

const count = (value: string, pattern: RegExp): number => value.match(pattern)?.length ?? 0;

/** A value no one typed: every class at least twice, mixed like a random draw, high entropy. */
export function looksDrawnAtRandom(value: string): boolean {
  if (value.length < 32 || value.startsWith("eyJ") || ENCODED_FILE.test(value)) return false;
  if (count(value, /[0-9]/g) < 2 || count(value, /[A-Z]/g) < 2 || count(value, /[a-z]/g) < 2) return false;
  if (shannonEntropy(value) < 4.3 || classTransitions(value) < MIN_TRANSITIONS) return false;
  return !looksLikePlaceholderValue(value);
}

function isUnnamedSecret(name: string, value: string): boolean {
  const words = name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").split(/[^A-Za-z0-9]+/).filter(Boolean);
  const last = words[words.length - 1] ?? "";
  return !NOT_SECRET_WORD.test(last) && !PUBLIC_NAME.test(name) && looksDrawnAtRandom(value);
}

const push = (start: number, value: string, hits: SecretHit[]) =>
  hits.push({ kind: DRAWN_CONFIG_VALUE, start, end: start + value.length, score: 0.6 });

/** Appends every random-looking config value, whatever its name, to `hits`. */
export function scanConfigValues(text: string, hits: SecretHit[], budget: Budget): void {
  if (text.length < 34) return;
  CONFIG_LINE.lastIndex = 0;
  for (let m = CONFIG_LINE.exec(text); m !== null && !budget.spent(); m = CONFIG_LINE.exec(text)) {
    const [line, name, , value] = m as unknown as [string, string, string, string];
    if (!isUnnamedSecret(name, value)) continue;
    push(m.index + line.lastIndexOf(value), value, hits);
  }
  if (!text.includes("<")) return;
  XML_ENTRY.lastIndex = 0;
  for (let m = XML_ENTRY.exec(text); m !== null && !budget.spent(); m = XML_ENTRY.exec(text)) {
    if (isUnnamedSecret(m[1]!, m[2]!)) push(m.index + m[0].length - 1 - m[2]!.length, m[2]!, hits);
  }
}
