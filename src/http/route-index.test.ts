// The route index on a table of its own: exact paths before templates, `:params` as one non-empty
// segment, Allow listing every method of a path, bounded labels, and a doubled entry refused.
import { describe, expect, test } from "bun:test";
import type { Route } from "./route.ts";
import { createRouteIndex, pathOf } from "./route-index.ts";

const entry = (method: Route["method"], path: string): Route => ({
  method, path, auth: "none", summary: "", tag: "t", responses: { 200: null }, handler: () => () => new Response(),
});

const index = createRouteIndex([
  entry("GET", "/items"),
  entry("POST", "/items"),
  entry("GET", "/items/:id"),
  entry("POST", "/items/:id/:action"),
  entry("GET", "/items/special.json"),
]);

describe("createRouteIndex", () => {
  test("a path with several methods allows them all, sorted", () => {
    expect(index.find("/items")?.allow).toBe("GET, POST");
    expect(index.find("/items/x/approve")?.allow).toBe("POST");
  });

  test("labels are templates for known paths and `other` for anything else", () => {
    const cases: [string, string][] = [
      ["/items", "/items"],
      ["/items/abc", "/items/:id"],
      ["/items/special.json", "/items/special.json"],
      ["/items/specialxjson", "/items/:id"],
      ["/items/a/b", "/items/:id/:action"],
      ["/items/", "other"],
      ["/items//b", "other"],
      ["/items/a/b/c", "other"],
      ["/itemsx", "other"],
      ["/", "other"],
    ];
    expect(cases.map(([path]) => [path, index.label(path)])).toEqual(cases);
  });

  test("the same method and path twice is a mistake in the table", () => {
    expect(() => createRouteIndex([entry("GET", "/a"), entry("GET", "/a")])).toThrow("GET /a is listed twice");
  });
});

test("pathOf drops the origin and the query", () => {
  expect(pathOf("http://localhost:8787/v1/evaluate?x=/y")).toBe("/v1/evaluate");
  expect(pathOf("https://h/a/b")).toBe("/a/b");
});
