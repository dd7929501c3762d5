// The policy the engine composes under. Today it is warden's built-in default; policy files
// per workspace extend this shape.

export interface Policy {
  /** Stamped on every verdict, so an audit can tell which rules decided. */
  version: string;
  /** Per-detector deadline for asynchronous detectors. */
  detectorDeadlineMs: number;
  /**
   * What a failed (thrown or timed-out) detector contributes: `degrade` leaves the decision to
   * the others and lists the payload as unjudged (`x.svc.unjudged`), `block` denies.
   */
  onDetectorFailure: "degrade" | "block";
  /** Configuration per detector id; absent ids use the detector's default. */
  detectors: Record<string, unknown>;
}

export const DEFAULT_POLICY: Policy = {
  version: "builtin-1",
  detectorDeadlineMs: 50,
  onDetectorFailure: "degrade",
  detectors: {},
};
