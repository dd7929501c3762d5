// Attestation levels and the clamp to a channel's ceiling (decisions.md, "Attestation order").
import { ATTESTATIONS, type Attestation } from "../wire/guard-event.ts";

const rank = (level: Attestation): number => ATTESTATIONS.indexOf(level);

/** Effective level = min(claimed, ceiling); a missing claim is `self_declared`. */
export const clampAttestation = (claimed: Attestation | undefined, ceiling: Attestation): Attestation => {
  const claim = claimed ?? "self_declared";
  return rank(claim) <= rank(ceiling) ? claim : ceiling;
};
