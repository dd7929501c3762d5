// Passwords inside URIs (`scheme://user:password@host`, RFC 3986 section 3.2.1). The span is the
// password alone, so a redacted URI stays usable as a description of where it points.
import type { Budget } from "../../engine/budget.ts";
import { CATEGORIES, PRIORITIES, defineKind, type SecretHit } from "./secret-kind.ts";
import { looksLikePlaceholderValue } from "./value-filters.ts";

const DB_PASSWORD = defineKind(
  "db_connection_uri", CATEGORIES.db, "high", "DB_PASSWORD", "Database connection string with password", PRIORITIES.db,
);
const URL_PASSWORD = defineKind(
  "url_credentials", CATEGORIES.password, "high", "PASSWORD", "URL with embedded credentials", PRIORITIES.url,
);

const DB_SCHEMES = new Set([
  "postgres", "postgresql", "mysql", "mysqlx", "mariadb", "mongodb", "mongodb+srv", "redis", "rediss",
  "amqp", "amqps", "mssql", "sqlserver", "oracle", "clickhouse", "cockroachdb", "neo4j", "neo4j+s",
  "bolt", "couchdb", "cassandra", "memcached", "db2", "snowflake", "influxdb", "nats", "kafka",
]);

const SCHEME_CHAR = /[A-Za-z0-9+.-]/;
const MAX_SCHEME = 24;
// userinfo after `://`: a user without `:`, then the password up to `@`, then a host character.
const USERINFO = /([^\s:@\/?#"'`<>\\]{0,128}):([^\s@\/?#"'`<>\\]{1,256})@[A-Za-z0-9\[_-]/y;
// Hosts where a password is usually a throwaway from a local compose file.
const LOCAL_HOST = /^@(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1\])/;

function readScheme(text: string, colon: number): string {
  let start = colon;
  while (start > 0 && colon - start < MAX_SCHEME && SCHEME_CHAR.test(text[start - 1]!)) start--;
  // A scheme starts with a letter (RFC 3986 section 3.1); drop leading digits and punctuation.
  while (start < colon && !/[A-Za-z]/.test(text[start]!)) start++;
  return text.slice(start, colon).toLowerCase();
}

/** Shortest password believed outside a database URI: doc examples use `abc:xyz@`, `u:pw@`. */
const MIN_URL_PASSWORD = 6;
const MIN_DB_PASSWORD = 4;

function isPlaceholderPassword(password: string, user: string, scheme: string): boolean {
  const lower = password.toLowerCase();
  return lower === user.toLowerCase() || lower === scheme || looksLikePlaceholderValue(password);
}

/** Appends the password of every `scheme://user:password@host` in `text` to `hits`. */
export function scanConnectionUris(text: string, hits: SecretHit[], budget: Budget): void {
  let from = 0;
  while (!budget.spent()) {
    const colon = text.indexOf("://", from);
    if (colon < 0) return;
    from = colon + 3;
    USERINFO.lastIndex = from;
    const match = USERINFO.exec(text);
    if (!match) continue;
    const user = match[1]!;
    const password = match[2]!;
    const scheme = readScheme(text, colon);
    const isDb = DB_SCHEMES.has(scheme) || scheme.startsWith("jdbc");
    if (password.length < (isDb ? MIN_DB_PASSWORD : MIN_URL_PASSWORD)) continue;
    if (scheme === "" || isPlaceholderPassword(password, user, scheme)) continue;
    const start = from + user.length + 1;
    const end = start + password.length;
    const score = LOCAL_HOST.test(text.slice(end, end + 12)) ? 0.6 : 0.9;
    hits.push({ kind: isDb ? DB_PASSWORD : URL_PASSWORD, start, end, score });
    from = end;
  }
}
