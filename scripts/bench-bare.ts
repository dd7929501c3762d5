// The baseline of scripts/bench: a bare Bun.serve that reads the body and answers fixed JSON.
const answer = JSON.stringify({ svc_version: "0.5", decision: "allow" });
const server = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  async fetch(request) {
    await request.arrayBuffer();
    return new Response(answer, { headers: { "content-type": "application/json" } });
  },
});
console.log(`listening ${server.url.href.replace(/\/$/, "")}`);
