// Ed25519 points a strict verifier must refuse as public keys (RFC 8032 5.1.7; the small-order
// checks of "Taming the many EdDSAs"), hex-encoded, shared by the unit and adversarial suites.

/** The eight small-order points (the 8-torsion), canonically encoded. */
export const SMALL_ORDER_HEX = [
  "0100000000000000000000000000000000000000000000000000000000000000",
  "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
  "0000000000000000000000000000000000000000000000000000000000000000",
  "0000000000000000000000000000000000000000000000000000000000000080",
  "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
  "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
  "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
  "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
] as const;

/** Two non-canonical spellings of the identity point. */
export const NON_CANONICAL_IDENTITY_HEX = [
  "0100000000000000000000000000000000000000000000000000000000000080",
  "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
] as const;
