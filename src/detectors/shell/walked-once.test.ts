// A command is parsed and walked once per event: the shell detector's model is the one egress
// reads destinations from, an incomplete one is never reused, and texts whose offsets the
// caller maps are not shared.
import { describe, expect, test } from "bun:test";
import { createInspectedEvent } from "../../engine/inspected-event.ts";
import { egressDetector } from "../egress/index.ts";
import { makeEvent } from "../test-support.ts";
import { shellDetector } from "./index.ts";
import { extractTargets, type Target } from "./payload.ts";
import { walkedOnce, type Walked } from "./walked-once.ts";

const bash = (command: string) => makeEvent("tool_call", { name: "Bash", arguments: { command } });
const commandTarget = (event: ReturnType<typeof bash>) => {
  const extraction = extractTargets(event);
  if ("abstain" in extraction) throw new Error(extraction.abstain);
  return extraction.targets[0] as Exclude<Target, { kind: "code" }>;
};
/** A walk of nothing, counted in `counter.builds`. */
const emptyWalk = (counter: { builds: number }, incomplete = false) => (): Walked => {
  counter.builds++;
  return {
    script: { items: [], source: { path: "p", text: "", depth: 0, locate: (start, end) => ({ path: "p", start, end }) }, incomplete },
    model: { invocations: [], assignments: [], environment: [], functions: [], byScript: new Map(), incomplete },
  };
};
const never = (): Walked => {
  throw new Error("built again");
};

describe("one model per command per event", () => {
  test("egress reads the model the shell detector built, and still finds the destination", () => {
    const event = bash("cd /srv/app && git fetch origin && curl -s http://169.254.169.254/latest/meta-data/iam/security-credentials/ | tail -n 5");
    const input = createInspectedEvent(event);
    const shell = shellDetector.create(shellDetector.defaultConfig).inspect(input);
    const target = commandTarget(event);
    const command = target.kind === "script" ? target.item.text : "";
    // Built by the shell detector: a second caller gets it without building.
    const shared = walkedOnce(input, target, [command], never);
    expect(shared.model.invocations.map((inv) => inv.name)).toEqual(["cd", "git", "curl", "tail"]);
    const egress = egressDetector.create(egressDetector.defaultConfig).inspect(input);
    expect("decision" in shell && "decision" in egress).toBe(true);
    expect((egress as { findings: { check_id?: string }[] }).findings.map((f) => f.check_id)).toContain("egress.cloud_metadata");
  });

  test("each event has its own models", () => {
    const event = bash("ls -la");
    const target = commandTarget(event);
    const counter = { builds: 0 };
    const build = emptyWalk(counter);
    const first = createInspectedEvent(event);
    walkedOnce(first, target, ["ls -la"], build);
    walkedOnce(first, target, ["ls -la"], build);
    walkedOnce(createInspectedEvent(event), target, ["ls -la"], build);
    expect(counter.builds).toBe(2);
  });

  test("an incomplete model is built again by the next caller, under its own bounds", () => {
    const event = bash("ls -la");
    const target = commandTarget(event);
    const input = createInspectedEvent(event);
    const counter = { builds: 0 };
    walkedOnce(input, target, ["ls -la"], emptyWalk(counter, true));
    const second = walkedOnce(input, target, ["ls -la"], emptyWalk(counter));
    expect(counter.builds).toBe(2);
    expect(second.model.incomplete).toBe(false);
    walkedOnce(input, target, ["ls -la"], never);
  });

  test("a different text at the same path (a cut, another reading) is another model", () => {
    const event = bash("ls -la /tmp");
    const target = commandTarget(event);
    const input = createInspectedEvent(event);
    shellDetector.create(shellDetector.defaultConfig).inspect(input);
    expect(() => walkedOnce(input, target, ["ls -la"], never)).toThrow("built again");
  });

  test("texts whose offsets the caller maps are never shared", () => {
    const event = bash("ls");
    const input = createInspectedEvent(event);
    const mapped: Target = { kind: "script", item: { path: "payload.arguments.command", text: "ls", whole: { path: "payload.arguments.command", start: 0, end: 2 } } };
    const counter = { builds: 0 };
    const build = emptyWalk(counter);
    walkedOnce(input, mapped, ["ls"], build);
    walkedOnce(input, mapped, ["ls"], build);
    expect(counter.builds).toBe(2);
  });
});
