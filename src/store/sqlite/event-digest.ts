// The keyed digest that tells a true retry of an event from a different event under the same
// event_id: HMAC-SHA256 (RFC 2104) over the RFC 8785 canonical JSON of the event as received,
// timestamp left out (a PEP may stamp a retry anew). Keyed, because the stored event has its
// secrets masked and a plain hash of the original would let anyone holding the database test
// guesses of them.
import { canonicalJson } from "../../lib/jcs.ts";
import type { GuardEvent } from "../../wire/guard-event.ts";

export type EventDigest = (event: GuardEvent) => string;

export function createEventDigest(key: () => Uint8Array): EventDigest {
  return (event) => {
    const { timestamp: _timestamp, ...rest } = event;
    return new Bun.CryptoHasher("sha256", key()).update(canonicalJson(rest)).digest("hex");
  };
}
