// GET /v1/config: degraded-mode directives from the caller's workspace policy.
import { describe, expect, test } from "bun:test";
import { parsePolicyText, resolvePolicy } from "../src/config/policy-file.ts";
import { startWarden } from "./helpers.ts";

describe("GET /v1/config", () => {
  test("defaults: security and privacy block, safety allows", async () => {
    await using w = await startWarden();
    const res = await w.request("GET", "/v1/config");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      on_unreachable: { "security.*": "block", "privacy.*": "block", "safety.*": "allow" },
      policy_version: "builtin-1",
    });
  });

  test("from the workspace's own policy, and only with a key", async () => {
    const parsed = parsePolicyText("version: p\non_unreachable: { 'privacy.*': allow }\nworkspaces: { ops: { on_unreachable: { 'security.malicious_command.*': require_local_approval } } }");
    if (!parsed.ok) throw new Error(parsed.errors.join());
    await using w = await startWarden({
      policy: resolvePolicy(parsed.file, parsed.version, undefined),
      workspacePolicies: { ops: resolvePolicy(parsed.file, parsed.version, "ops") },
    });
    const base = (await (await w.request("GET", "/v1/config")).json()) as { on_unreachable: Record<string, string> };
    expect(base.on_unreachable["privacy.*"]).toBe("allow");
    expect(base.on_unreachable["security.malicious_command.*"]).toBeUndefined();
    const ops = (await (await w.request("GET", "/v1/config", { auth: await w.mintKey("ops") })).json()) as { on_unreachable: Record<string, string> };
    expect(ops.on_unreachable["security.malicious_command.*"]).toBe("require_local_approval");
    expect((await w.request("GET", "/v1/config", { auth: null })).status).toBe(401);
  });
});
