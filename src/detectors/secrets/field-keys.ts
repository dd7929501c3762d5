// The name a text field is filed under: its JSON key (`payload.db.password` -> `password`) or,
// for an argv element, the flag just before it (`["--token", "<value>"]` -> `--token`).
// Structured payloads keep key and value apart, so the key is the only context a value has.
import type { TextField } from "../../engine/text-fields.ts";

const LAST_KEY = /(?:\.([A-Za-z_$][A-Za-z0-9_$]*)|\[("(?:[^"\\]|\\.)*")\])$/;
const INDEXED = /^(.*)\[(\d+)\]$/;
const FLAG = /^--?[A-Za-z][A-Za-z0-9_.-]{0,63}$/;

export function readFieldKey(path: string): string | undefined {
  const match = LAST_KEY.exec(path);
  if (!match) return undefined;
  return match[1] ?? (JSON.parse(match[2]!) as string);
}

// `{"name": "DB_PASSWORD", "value": "..."}` (Kubernetes env, many tool schemas): the sibling
// name is the real key of the value.
const VALUE_PATH = /^(.*)\.value$/;

function findNamedValueKey(path: string, textsByPath: Map<string, string>): string | undefined {
  const parent = VALUE_PATH.exec(path)?.[1];
  return parent === undefined ? undefined : (textsByPath.get(`${parent}.name`) ?? textsByPath.get(`${parent}.key`));
}

/** The key of each field, index-aligned with `fields`; undefined where there is none. */
export function findFieldKeys(fields: readonly TextField[]): (string | undefined)[] {
  let textsByPath: Map<string, string> | undefined;
  return fields.map((field, i) => {
    const own = readFieldKey(field.path);
    if (own === "value") {
      textsByPath ??= new Map(fields.map((f) => [f.path, f.text]));
      return findNamedValueKey(field.path, textsByPath) ?? own;
    }
    if (own !== undefined) return own;
    const indexed = INDEXED.exec(field.path);
    const previous = fields[i - 1];
    if (!indexed || !previous || previous.path !== `${indexed[1]}[${Number(indexed[2]) - 1}]`) return undefined;
    return FLAG.test(previous.text) ? previous.text : undefined;
  });
}

/**
 * For each element of an argv-like array, the program it is an argument to: the basename of
 * element [0] of the same array (`["/usr/bin/mysql", "-pS3cret"]` -> `mysql`); index-aligned with
 * `fields`, undefined elsewhere. Options like MySQL's glued `-p<password>` only mean a password
 * for their own program.
 */
export function findArgvPrograms(fields: readonly TextField[]): (string | undefined)[] {
  const programs = new Map<string, string>();
  return fields.map((field) => {
    const indexed = INDEXED.exec(field.path);
    if (!indexed) return undefined;
    if (indexed[2] === "0") programs.set(indexed[1]!, field.text.slice(field.text.lastIndexOf("/") + 1).toLowerCase());
    return programs.get(indexed[1]!);
  });
}
