// warden's own Ed25519 keys for approval receipts: made on first use, kept in the data directory
// readable by the owner only, rotated with overlap (retired keys stay published for verifying).
import { ed25519 } from "@noble/curves/ed25519.js";
import { chmodSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { decodeBase64Url, encodeBase64Url } from "../lib/base64url.ts";
import { randomId } from "../lib/ids.ts";

export interface SigningKey {
  kid: string;
  secret: string;
  public: string;
  created_at: number;
  retired_at?: number;
}

export interface Jwks {
  keys: { kty: "OKP"; crv: "Ed25519"; x: string; kid: string; alg: "EdDSA"; use: "sig" }[];
}

export interface SigningKeyring {
  current(): SigningKey;
  jwks(): Jwks;
  sign(key: SigningKey, input: Uint8Array): Uint8Array;
  rotate(now: number): SigningKey;
}

const mint = (now: number): SigningKey => {
  const secret = ed25519.utils.randomSecretKey();
  return { kid: `wk_${randomId(16)}`, secret: encodeBase64Url(secret), public: encodeBase64Url(ed25519.getPublicKey(secret)), created_at: now };
};

/** `path` undefined keeps the keys in memory (tests, `:memory:` storage). */
export function openKeyring(path: string | undefined, now: () => number): SigningKeyring {
  let memory: SigningKey[] | undefined;
  const save = (keys: SigningKey[]) => {
    if (!path) {
      memory = keys;
      return;
    }
    // Written whole then renamed, with owner-only permissions before it holds a secret.
    const temp = `${path}.tmp`;
    // A temp file left by a crash keeps its own mode through a plain write: start a new one.
    rmSync(temp, { force: true });
    writeFileSync(temp, JSON.stringify(keys, null, 2), { mode: 0o600, flag: "wx" });
    chmodSync(temp, 0o600);
    renameSync(temp, path);
  };
  // Read on each use, so `warden keys rotate-signing` reaches a running server.
  const load = (): SigningKey[] => {
    const keys = path ? (existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as SigningKey[]) : []) : (memory ?? []);
    if (keys.some((k) => k.retired_at === undefined)) return keys;
    const fresh = [...keys, mint(now())];
    save(fresh);
    return fresh;
  };
  const current = () => load().find((k) => k.retired_at === undefined)!;
  return {
    current,
    jwks: () => ({
      keys: load().map((k) => ({ kty: "OKP" as const, crv: "Ed25519" as const, x: k.public, kid: k.kid, alg: "EdDSA" as const, use: "sig" as const })),
    }),
    sign: (key, input) => ed25519.sign(input, decodeBase64Url(key.secret)!),
    rotate(at) {
      const next = mint(at);
      save([...load().map((k) => (k.retired_at === undefined ? { ...k, retired_at: at } : k)), next]);
      return next;
    },
  };
}
