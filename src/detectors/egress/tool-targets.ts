// Finds what a (non-shell) tool call would touch: URLs and hosts it would contact, files it
// would read or write, and whether it sends data along. Arguments come as an object or as a
// JSON string; the walk is bounded in depth and leaves so a hostile payload cannot stall it.
import { SECRET_WORDS } from "../shell/network-targets.ts";
import { childPath } from "../../engine/text-fields.ts";
import { type JsonSource, type Located, locateField, locateInJson, subLocated } from "./located.ts";
import {
  CONTENT_KEYS, DATA_KEYS, DESTINATION_KEYS, type FileRole, HOST_KEYS, PATCH_KEYS, PATH_KEYS, STRONG_PATH_KEYS, URL_KEYS,
  fileRoleOf, isFetchTool, isShellTool, normaliseKey,
} from "./tool-names.ts";
import { looksLikeUrl } from "./url.ts";

export type FileOp = "read" | "write" | "delete";

export interface FileTarget {
  at: Located;
  op: FileOp;
}

export interface ToolTargets {
  urls: { at: Located; schemeless: boolean }[];
  hosts: Located[];
  files: FileTarget[];
  carriesData: boolean;
  /** The data it carries names secrets (a key called SECRET, a private key header). */
  namesSecrets: boolean;
  /** Text the call writes (for settings files whose danger is in what they say). */
  content: string | undefined;
  /** What a search tool looks for (`pattern`, `regex`, `query`), when it is one. */
  search: Located | undefined;
  /** `file://` URLs given to a web-fetch tool: a local file reached through a tool made for the web. */
  fetchedFiles?: Located[];
}

const SEARCH_KEYS = new Set(["pattern", "regex", "query", "searchpattern"]);

interface Leaf {
  key: string;
  at: Located;
  underHeaders: boolean;
}

const MAX_DEPTH = 8;
const MAX_LEAVES = 512;
const MAX_JSON_CHARS = 1 << 20;
const MAX_CONTENT_CHARS = 1 << 16;

const isEmpty = (value: unknown): boolean =>
  value === undefined || value === null || value === "" ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === "object" && value !== null && Object.keys(value).length === 0);

/** Collects string leaves with their nearest key; notes whether a data-carrying key is set. */
function walkArguments(args: unknown, root: string, json: JsonSource | undefined) {
  const leaves: Leaf[] = [];
  let carriesData = false;
  let namesSecrets = false;
  const visit = (node: unknown, path: string, key: string, depth: number, underHeaders: boolean): void => {
    if (leaves.length >= MAX_LEAVES) return;
    if (typeof node === "string") {
      const at = json === undefined ? locateField(path, node) : locateInJson(root, node, json);
      leaves.push({ key, at, underHeaders });
      return;
    }
    if (node === null || typeof node !== "object" || depth >= MAX_DEPTH) return;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length && leaves.length < MAX_LEAVES; i++) visit(node[i], childPath(path, i), key, depth + 1, underHeaders);
      return;
    }
    for (const [childKey, value] of Object.entries(node)) {
      const normal = normaliseKey(childKey);
      if (DATA_KEYS.has(normal) && !isEmpty(value)) {
        carriesData = true;
        if (!namesSecrets && SECRET_WORDS.test(JSON.stringify(value)?.slice(0, MAX_CONTENT_CHARS) ?? "")) namesSecrets = true;
      }
      visit(value, childPath(path, childKey), normal, depth + 1, underHeaders || normal === "headers");
    }
  };
  visit(args, root, "", 0, false);
  return { leaves, carriesData, namesSecrets };
}

function parseJsonObject(text: string): unknown {
  if (text.length > MAX_JSON_CHARS || !/^\s*[{[]/.test(text)) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const PATCH_HEADER = /^\*\*\* (Add|Update|Delete) File: ([^\r\n]+)$|^\*\*\* Move to: ([^\r\n]+)$|^\+\+\+ (?:b\/)?([^\s]+)/gm;

/** Files a patch (Codex `apply_patch` envelope or unified diff) adds, updates, moves or deletes. */
function readPatchTargets(at: Located): FileTarget[] {
  const targets: FileTarget[] = [];
  for (const m of at.text.matchAll(PATCH_HEADER)) {
    const path = (m[2] ?? m[3] ?? m[4] ?? "").trimEnd();
    if (path === "" || path === "/dev/null") continue;
    const offset = m.index + m[0].indexOf(path);
    targets.push({ at: subLocated(at, offset, path), op: m[1] === "Delete" ? "delete" : "write" });
    if (targets.length >= MAX_LEAVES) break;
  }
  return targets;
}

const isPathValue = (text: string): boolean =>
  text.length > 0 && text.length <= 4096 && !/[\n\r\0]/.test(text) && (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text) || /^file:\/\//i.test(text));

function fileOpFor(role: FileRole | undefined, key: string, editorCommand: string | undefined): FileOp {
  switch (role) {
    case "write":
      return "write";
    case "delete":
      return "delete";
    case "move":
    case "copy":
      return DESTINATION_KEYS.has(key) ? "write" : "read";
    case "editor":
      return editorCommand === undefined || editorCommand === "view" ? "read" : "write";
    default:
      return "read";
  }
}

function isFileKey(role: FileRole | undefined, fetch: boolean, key: string): boolean {
  if (role !== undefined && role !== "patch") return PATH_KEYS.has(key);
  // In an HTTP tool `path` is the URL path; only file-named keys name local files there.
  if (fetch) return STRONG_PATH_KEYS.has(key) && key !== "path" && key !== "paths";
  return STRONG_PATH_KEYS.has(key);
}

/** Classifies the leaves of one call's arguments into targets. */
function collectTargets(leaves: readonly Leaf[], name: string, carriesData: boolean, namesSecrets: boolean): ToolTargets {
  const role = fileRoleOf(name);
  const fetch = isFetchTool(name);
  const editorCommand = leaves.find((l) => l.key === "command")?.at.text.trim().toLowerCase();
  const targets: ToolTargets = { urls: [], hosts: [], files: [], carriesData, namesSecrets, content: undefined, search: undefined };
  for (const { key, at, underHeaders } of leaves) {
    const text = at.text;
    if (role === "read" && SEARCH_KEYS.has(key) && targets.search === undefined) targets.search = at;
    if (CONTENT_KEYS.has(key) && targets.content === undefined) targets.content = text.slice(0, MAX_CONTENT_CHARS);
    if (role === "patch" && (PATCH_KEYS.has(key) || text.startsWith("*** Begin Patch"))) {
      targets.files.push(...readPatchTargets(at));
    } else if (/^\s*file:\/\//i.test(text) && (URL_KEYS.has(key) || isFileKey(role, fetch, key))) {
      targets.files.push({ at, op: fileOpFor(role, key, editorCommand) });
      if (fetch) (targets.fetchedFiles ??= []).push(at);
    } else if (!underHeaders && (URL_KEYS.has(key) || (fetch && looksLikeUrl(text)))) {
      targets.urls.push({ at, schemeless: URL_KEYS.has(key) });
    } else if (HOST_KEYS.has(key) && /^[^\s/]{1,255}$/.test(text)) {
      targets.hosts.push(at);
    } else if (isFileKey(role, fetch, key) && isPathValue(text)) {
      targets.files.push({ at, op: fileOpFor(role, key, editorCommand) });
    }
  }
  return targets;
}

const stringField = (payload: Record<string, unknown>, keys: readonly string[]): [string, unknown] | undefined => {
  for (const key of keys) if (payload[key] !== undefined) return [key, payload[key]];
  return undefined;
};

/** Targets of a tool call, or the reason there is nothing for this detector to judge. */
export function extractToolTargets(payload: Record<string, unknown>): ToolTargets | { abstain: string } {
  const name = stringField(payload, ["name", "tool_name", "tool"])?.[1];
  if (typeof name !== "string") return { abstain: "tool call has no name" };
  if (isShellTool(name)) return { abstain: "shell tool calls are judged by the shell detector" };
  const argsEntry = stringField(payload, ["arguments", "input", "args", "parameters"]);
  if (!argsEntry) return { abstain: "tool call has no arguments" };
  const [argsKey, args] = argsEntry;
  const root = childPath("payload", argsKey);
  if (typeof args !== "string") {
    const { leaves, carriesData, namesSecrets } = walkArguments(args, root, undefined);
    return collectTargets(leaves, name, carriesData, namesSecrets);
  }
  const parsed = parseJsonObject(args);
  if (parsed !== undefined) {
    const { leaves, carriesData, namesSecrets } = walkArguments(parsed, root, { text: args });
    return collectTargets(leaves, name, carriesData, namesSecrets);
  }
  // A raw string argument: a patch body (Codex custom tools) or a bare URL.
  const at = locateField(root, args);
  if (fileRoleOf(name) === "patch") return collectTargets([{ key: "patch", at, underHeaders: false }], name, false, false);
  const urls = looksLikeUrl(args) || (isFetchTool(name) && args.length <= 4096) ? [{ at, schemeless: true }] : [];
  return { urls, hosts: [], files: [], carriesData: false, namesSecrets: false, content: undefined, search: undefined };
}
