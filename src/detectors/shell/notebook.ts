// A whole Jupyter notebook as JSON (a Write of `a.ipynb`): its code cells' sources, however the
// JSON is laid out. Shell runs from `%%bash`-style cells and `!cmd` / `%system cmd` lines; the
// rest of a code cell is the kernel's program (Python, for judging).

export interface NotebookCode {
  /** Shell commands: each magic cell whole, each escaped line. */
  shell: string[];
  /** The code cells less their shell, joined. */
  program: string;
}

const MAX_CELLS = 1024;
const CELL_MAGIC = /^\s*%%(?:bash|sh|script\s+(?:ba|z)?sh|system)\b[^\n]*\n?/;
const SHELL_ESCAPE = /^\s*(?:!|%system\s|%sx\s)(.*)$/;

/** The notebook's code, or undefined when the text is not notebook JSON. */
export function readNotebook(content: string): NotebookCode | undefined {
  if (!content.trimStart().startsWith("{")) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return undefined;
  }
  const cells = (parsed as { cells?: unknown } | null)?.cells;
  if (!Array.isArray(cells)) return undefined;
  const shell: string[] = [];
  const program: string[] = [];
  for (const cell of cells.slice(0, MAX_CELLS)) {
    if (typeof cell !== "object" || cell === null) continue;
    const { cell_type: type, source } = cell as { cell_type?: unknown; source?: unknown };
    if (type !== "code") continue;
    const text = Array.isArray(source) ? source.filter((line) => typeof line === "string").join("") : typeof source === "string" ? source : "";
    const magic = CELL_MAGIC.exec(text);
    if (magic) {
      shell.push(text.slice(magic[0].length));
      continue;
    }
    for (const line of text.split("\n")) {
      const escaped = SHELL_ESCAPE.exec(line);
      if (escaped) shell.push(escaped[1] ?? "");
      else program.push(line);
    }
  }
  return { shell: shell.filter((command) => command.trim() !== ""), program: program.join("\n") };
}
