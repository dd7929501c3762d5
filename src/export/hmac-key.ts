// The data directory's export HMAC key (`export-hmac.key`): 32 random bytes, owner-only, made on
// first use, so `hmac` content stays matchable across restarts and one-off exports.
import { join } from "node:path";
import { loadOrCreateKeyFile } from "../lib/key-file.ts";

export const hmacKeyPath = (dataDir: string) => join(dataDir, "export-hmac.key");

export const loadOrCreateHmacKey = (dataDir: string) => loadOrCreateKeyFile(hmacKeyPath(dataDir));
