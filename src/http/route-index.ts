// Finds the route-table entry behind a request path, compiled once: an exact-path Map first (every
// hot route is a fixed path), then the few templates with `:params`. Gives the methods a path allows
// (405 and Allow) and the bounded metrics label (the template, or `other`).
import type { Route } from "./route.ts";

export interface RouteGroup {
  /** The path template, which is also the metrics label. */
  template: string;
  /** The RFC 9110 section 10.2.1 Allow value: every method the table lists for this path. */
  allow: string;
  /** HEAD, where the table lets it, maps to the GET entry it answers like. */
  byMethod: ReadonlyMap<string, Route>;
}

export interface RouteIndex {
  find(path: string): RouteGroup | undefined;
  /** Bounded: a template of the table, or `other` for any path the table does not know. */
  label(path: string): string;
  groups: readonly RouteGroup[];
}

export const OTHER_ROUTE = "other";

/** The path of a request URL, without its query: cheaper than `new URL` on every request. */
export function pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  const query = url.indexOf("?", start);
  return url.slice(start, query === -1 ? undefined : query);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `:name` matches one non-empty segment, as Elysia's router does; everything else literally. */
const compileTemplate = (template: string) =>
  new RegExp(`^${template.split("/").map((s) => (s.startsWith(":") ? "[^/]+" : escapeRegExp(s))).join("/")}$`);

function groupRoutes(routes: readonly Route[]): RouteGroup[] {
  const byPath = new Map<string, Map<string, Route>>();
  for (const route of routes) {
    const methods = byPath.get(route.path) ?? new Map<string, Route>();
    if (methods.has(route.method)) throw new Error(`route table: ${route.method} ${route.path} is listed twice`);
    byPath.set(route.path, methods.set(route.method, route));
  }
  for (const methods of byPath.values()) {
    const get = methods.get("GET");
    if (get?.head) methods.set("HEAD", get);
  }
  return [...byPath].map(([template, byMethod]) => ({ template, allow: [...byMethod.keys()].sort().join(", "), byMethod }));
}

export function createRouteIndex(routes: readonly Route[]): RouteIndex {
  const groups = groupRoutes(routes);
  const exact = new Map<string, RouteGroup>();
  const templates: { pattern: RegExp; group: RouteGroup }[] = [];
  for (const group of groups) {
    if (group.template.includes("/:")) templates.push({ pattern: compileTemplate(group.template), group });
    else exact.set(group.template, group);
  }
  const find = (path: string): RouteGroup | undefined => {
    const hit = exact.get(path);
    if (hit !== undefined) return hit;
    for (const t of templates) if (t.pattern.test(path)) return t.group;
    return undefined;
  };
  return { find, label: (path) => find(path)?.template ?? OTHER_ROUTE, groups };
}
