import { describe, expect, test } from "bun:test";
import { secretNameStrength } from "./secret-names.ts";

describe("secret names", () => {
  test("names that say credential outright are strong", () => {
    const names = ["DB_PASSWORD", "apiKey", "client_secret", "--token", "db.pass", "signingKey", "pw", "db_pw", "userPw"];
    expect(names.map(secretNameStrength)).toEqual(names.map(() => "strong"));
  });

  test("unfamiliar compounds ending in an auth word are weak", () => {
    const names = ["upstream_auth", "hmacSalt", "client-sig", "session_cookie", "APP_KEY", "bearer", "signing.private", "webhookSignature", "sessionid"];
    expect(names.map(secretNameStrength)).toEqual(names.map(() => "weak"));
  });

  test("keys that index data, settings about auth and public material name nothing secret", () => {
    const names = ["primary_key", "sortKey", "cache_key", "public_key", "auth_url", "session_ttl", "max_sig", "author", "design", "monkey", "auth_enabled", "npw", "cpw", "kpw"];
    expect(names.map(secretNameStrength)).toEqual(names.map(() => undefined));
  });

  test("an API's sync and CSRF tokens are cursors; an environment variable's sync token is a credential", () => {
    const names = ["syncToken", "next_sync_token", "csrfmiddlewaretoken", "xsrf_form_token", "CSRF_TOKEN", "PAGE_TOKEN"];
    expect(names.map(secretNameStrength)).toEqual(names.map(() => undefined));
    expect(["INVENTORY_SYNC_TOKEN", "CALDAV_SYNC_TOKEN"].map(secretNameStrength)).toEqual(["strong", "strong"]);
  });
});
