// A short, non-reversible, in-memory fingerprint of a sensitive value, so one value keeps one
// placeholder within a session. Never stored or sent: it only has to be stable in-process.
export const fingerprint = (value: string): string => Bun.hash.wyhash(value, 0x5741524445n).toString(36);
