// What a tool does, read from its name (`Read`, `mcp__fs__write_file`, `browser.navigate`) and
// argument keys (`file_path`, `url`, `body`). Shell tools are left to the shell detector.

export type FileRole = "read" | "write" | "delete" | "move" | "copy" | "editor" | "patch";

const SHELL_TOOLS = new Set([
  "bash", "shell", "sh", "zsh", "run_shell_command", "run_command", "execute_command", "exec", "execute", "terminal",
  "run_terminal_cmd", "run_in_terminal", "local_shell", "exec_command", "shell_command", "run_bash", "bash_tool",
  "powershell", "bashoutput", "killshell",
]);

/** The name's last segment: `mcp__filesystem__read_file` -> `read_file`, `fs.read` -> `read`. */
export function baseToolName(name: string): string {
  const lower = name.toLowerCase().slice(0, 256);
  const parts = lower.split(/__|[./:]/).filter((p) => p !== "");
  return parts[parts.length - 1] ?? lower;
}

export const isShellTool = (name: string): boolean => {
  const lower = name.toLowerCase();
  return SHELL_TOOLS.has(lower) || SHELL_TOOLS.has(baseToolName(name));
};

const EXACT_ROLES = new Map<string, FileRole>([
  ...[
    "read", "read_file", "readfile", "read_text_file", "read_media_file", "read_multiple_files", "read_many_files",
    "view", "view_file", "open_file", "cat", "get_file_contents", "file_read", "fs_read", "notebookread", "grep",
    "search_file_content", "read_notebook",
  ].map((n) => [n, "read"] as const),
  ...[
    "write", "write_file", "writefile", "edit", "multiedit", "edit_file", "create_file", "notebookedit", "file_write",
    "fs_write", "append_file", "save_file", "update_file", "write_to_file", "replace_in_file", "apply_diff",
    "search_replace", "edit_notebook", "create_or_update_file", "insert_content",
  ].map((n) => [n, "write"] as const),
  ...["delete_file", "remove_file", "delete", "rm", "unlink", "fs_delete"].map((n) => [n, "delete"] as const),
  ...["move_file", "rename_file", "move", "rename", "mv"].map((n) => [n, "move"] as const),
  ...["copy_file", "copy", "cp"].map((n) => [n, "copy"] as const),
  ...["apply_patch", "applypatch", "patch"].map((n) => [n, "patch"] as const),
]);

/** What a tool does to the files its path arguments name; undefined when the name does not say. */
export function fileRoleOf(name: string): FileRole | undefined {
  const base = baseToolName(name);
  const exact = EXACT_ROLES.get(base);
  if (exact) return exact;
  if (base.startsWith("str_replace") || base.startsWith("text_editor")) return "editor";
  if (/delete|remove|unlink/.test(base)) return "delete";
  if (/move|rename/.test(base)) return "move";
  if (/copy/.test(base)) return "copy";
  if (/write|edit|create|save|append|update|patch|replace|insert|overwrite|download/.test(base)) return "write";
  if (/read|view|cat|open|file|load|grep/.test(base)) return "read";
  return undefined;
}

const FETCH_NAME = /fetch|http|curl|wget|brows|navigat|goto|url|scrap|crawl|download|upload|visit|webhook|web|request|open_?page|get_?page|playwright|puppeteer|api_?call/;
const NOT_FETCH = /(?:pull|merge|review|feature)_?request/;

/** Tools whose every whole-URL argument is a destination they will contact. */
export function isFetchTool(name: string): boolean {
  const lower = name.toLowerCase().slice(0, 256);
  return FETCH_NAME.test(lower) && !NOT_FETCH.test(lower);
}

/** `file_path`, `filePath`, `File-Path` -> `filepath`. */
export const normaliseKey = (key: string): string => key.toLowerCase().replace(/[_\-\s]/g, "");

export const PATH_KEYS = new Set([
  "filepath", "path", "filename", "file", "notebookpath", "targetfile", "absolutepath", "relativeworkspacepath",
  "paths", "files", "filepaths", "targetpath", "sourcepath", "destinationpath", "source", "src", "destination", "dest",
  "dst", "newpath", "oldpath", "from", "to", "target", "fileuri",
]);
/** Path keys trusted in a tool whose name says nothing about files. */
export const STRONG_PATH_KEYS = new Set([
  "filepath", "filename", "notebookpath", "targetfile", "absolutepath", "path", "paths", "filepaths", "file", "fileuri",
]);
export const DESTINATION_KEYS = new Set(["destination", "dest", "dst", "to", "newpath", "target", "targetpath", "destinationpath"]);
export const CONTENT_KEYS = new Set(["content", "contents", "newstring", "newstr", "filetext", "text", "newsource", "diff"]);
export const PATCH_KEYS = new Set(["input", "patch", "diff", "patchtext"]);

export const URL_KEYS = new Set([
  "url", "uri", "href", "endpoint", "link", "targeturl", "baseurl", "webhook", "webhookurl", "callbackurl", "serverurl",
  "apiurl", "imageurl", "requesturl", "fetchurl", "downloadurl", "uploadurl", "remoteurl", "pageurl", "website", "urls",
]);
export const HOST_KEYS = new Set(["host", "hostname", "ip", "ipaddress", "targethost", "remotehost", "serverhost"]);
/** Arguments whose presence means a request sends data, not just asks for it. */
export const DATA_KEYS = new Set([
  "body", "data", "json", "payload", "form", "formdata", "file", "files", "content", "message", "text", "attachments", "embeds",
  "caption", "document", "upload", "rawbody", "requestbody", "params",
]);
