// The console page as Bun.serve serves it from source: it bundles, carries its CSP (in a header and
// in <meta>), and loads
// nothing but its own same-origin chunks (no inline script or style, no external URL).
import { expect, test } from "bun:test";
import { CONSOLE_CSP } from "../src/http/routes/console-page.ts";
import { createServeOptions } from "../src/http/serve-options.ts";

test("the page bundles, states its CSP and references only its own chunks", async () => {
  const app = { fetch: async () => new Response("no", { status: 404 }) };
  using server = Bun.serve(await createServeOptions(app, { host: "127.0.0.1", port: 0 }));
  const page = await fetch(new URL("/console", server.url));
  expect(page.status).toBe(200);
  // From source as from the binary, the page comes with warden's headers (issue 18 walkthrough).
  expect(page.headers.get("content-security-policy")).toBe(CONSOLE_CSP);
  expect(page.headers.get("x-frame-options")).toBe("DENY");
  const html = await page.text();
  const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1];
  // The header adds frame-ancestors, which browsers ignore in <meta>.
  expect(`${meta}; frame-ancestors 'none'`.split("; ").sort()).toEqual(CONSOLE_CSP.split("; ").sort());
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  expect(html).not.toMatch(/\sstyle=|<style/);
  // The icon is an empty data: URL, so the browser asks nobody for a favicon.
  const assets = [...html.matchAll(/<(?:script|link)[^>]*(?:src|href)="([^"]+)"/g)].map((m) => m[1]!).filter((a) => a !== "data:,");
  expect(assets.length).toBe(2);
  for (const asset of assets) {
    expect(asset).toMatch(/^\/chunk-[a-z0-9]+\.(js|css)$/);
    const res = await fetch(new URL(asset, server.url));
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).not.toContain("innerHTML");
    expect(body).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
  }
});
