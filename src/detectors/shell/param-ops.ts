// `${name<op>arg}` operators applied to a known value. Only literal (glob-free) patterns are
// evaluated; anything else is unknown, which callers treat as a run-time value.

const hasGlob = (pattern: string): boolean => /[*?[]/.test(pattern);

function substring(value: string, arg: string): string | undefined {
  const [offsetText = "", lengthText] = arg.split(":");
  const offset = Number.parseInt(offsetText.trim(), 10);
  if (Number.isNaN(offset)) return undefined;
  const from = offset < 0 ? Math.max(0, value.length + offset) : offset;
  if (lengthText === undefined) return value.slice(from);
  const length = Number.parseInt(lengthText.trim(), 10);
  if (Number.isNaN(length)) return undefined;
  return length < 0 ? value.slice(from, value.length + length) : value.slice(from, from + length);
}

function replace(value: string, arg: string, all: boolean): string | undefined {
  const slash = arg.indexOf("/");
  const pattern = slash === -1 ? arg : arg.slice(0, slash);
  const replacement = slash === -1 ? "" : arg.slice(slash + 1);
  if (pattern === "" || hasGlob(pattern) || pattern.startsWith("#") || pattern.startsWith("%")) return undefined;
  return all ? value.replaceAll(pattern, replacement) : value.replace(pattern, replacement);
}

function trim(value: string, pattern: string, fromStart: boolean): string | undefined {
  if (hasGlob(pattern)) return undefined;
  if (fromStart) return value.startsWith(pattern) ? value.slice(pattern.length) : value;
  return value.endsWith(pattern) ? value.slice(0, value.length - pattern.length) : value;
}

/** The expansion of `${name<op>arg}` given the variable's value (undefined: unknown/unset). */
export function applyParamOperator(value: string | undefined, op: string, arg: string): string | undefined {
  const literalArg = arg.includes("$") || arg.includes("`") ? undefined : arg;
  switch (op) {
    case ":-":
    case ":=":
      return value ? value : literalArg;
    case "-":
    case "=":
      return value ?? literalArg;
    case ":+":
      return value ? literalArg : value === undefined ? undefined : "";
    case "+":
      return value === undefined ? undefined : literalArg;
    case "#":
      return arg === "" && value !== undefined ? String(value.length) : value === undefined ? undefined : trim(value, arg, true);
    case "##":
      return value === undefined ? undefined : trim(value, arg, true);
    case "%":
    case "%%":
      return value === undefined ? undefined : trim(value, arg, false);
    case "/":
    case "//":
      return value === undefined ? undefined : replace(value, arg, op === "//");
    case "^^":
      return value?.toUpperCase();
    case ",,":
      return value?.toLowerCase();
    case "^":
      return value === undefined ? undefined : (value[0]?.toUpperCase() ?? "") + value.slice(1);
    case ",":
      return value === undefined ? undefined : (value[0]?.toLowerCase() ?? "") + value.slice(1);
    case ":":
      return value === undefined ? undefined : substring(value, arg);
    default:
      return undefined;
  }
}
