// Lookups of outside strings in plain-object tables: only a table's own keys answer, so names
// like `__proto__`, `constructor` or `toString` never reach Object.prototype.

/** `table[key]` when `key` is the table's own property, else undefined. */
export const ownValue = <T>(table: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

/** `key in table`, own keys only. */
export const hasOwnKey = (table: object, key: string): boolean => Object.hasOwn(table, key);
