// The session file memory: how a command's path finds a remembered file, how edits land, and its bounds.
import { describe, expect, test } from "bun:test";
import { createSessionFiles, resolvePath } from "./session-files.ts";

describe("resolvePath", () => {
  test.each([
    ["README", "/home/a/proj", "/home/a/proj/README"],
    ["./run.sh", "/home/a/proj", "/home/a/proj/run.sh"],
    ["~/x", "/home/a/proj", "/home/a/x"],
    ["$HOME/x", "/root/w", "/root/x"],
    ["~/x", undefined, "~/x"],
    ["/tmp/a/../b", undefined, "/tmp/b"],
    ["//tmp///c", undefined, "/tmp/c"],
    ["notes.md", undefined, "notes.md"],
    ["  ", "/w", ""],
  ])("%s from %s is %s", (raw, cwd, want) => {
    expect(resolvePath(raw, cwd)).toBe(want);
  });
});

describe("createSessionFiles", () => {
  const small = { filesPerSession: 2, charsPerFile: 8, totalChars: 20, sessions: 3 };

  test("a file is found by the names a command gives it, in its own session only", () => {
    const files = createSessionFiles();
    files.observe("s", [{ path: "/home/a/proj/notes.md", content: "x" }, { path: "/home/a/y", content: "y" }], undefined);
    const view = files.view("s", undefined);
    expect([view.read("notes.md")?.content, view.read("proj/notes.md")?.content, view.read("~/y")?.content]).toEqual(["x", "x", "y"]);
    expect(view.read("other.md")).toBeUndefined();
    expect(files.view("t", undefined)).toMatchObject({ size: 0 });
  });

  test("an edit goes in place of what it replaces, else after what is known; a file with unknown content is forgotten", () => {
    const files = createSessionFiles();
    files.observe("s", [{ path: "/f", content: "a | cat\n" }, { path: "/f", content: "| sh", fragment: true, replaces: "| cat" }], undefined);
    expect(files.view("s", undefined).read("/f")).toEqual({ content: "a | sh\n", cut: false, partial: false });
    files.observe("s", [{ path: "/g", content: "tail", fragment: true }], undefined);
    expect(files.view("s", undefined).read("/g")).toEqual({ content: "tail", cut: false, partial: true });
    files.observe("s", [{ path: "/f", content: undefined }], undefined);
    expect(files.view("s", undefined).read("/f")).toBeUndefined();
  });

  test("bounds: a long file is kept cut, the oldest file and then the oldest session go first", () => {
    const files = createSessionFiles(small);
    files.observe("s", [{ path: "/long", content: "0123456789" }], undefined);
    expect(files.view("s", undefined).read("/long")).toEqual({ content: "01234567", cut: true, partial: false });
    files.observe("s", [{ path: "/b", content: "b" }, { path: "/c", content: "c" }], undefined);
    expect(files.view("s", undefined).read("/long")).toBeUndefined();
    for (const session of ["t", "u", "v"]) files.observe(session, [{ path: "/x", content: "x" }], undefined);
    expect(files.view("s", undefined).size).toBe(0);
    expect(files.view("v", undefined).size).toBe(1);
  });
});
