// warden's version, reported by /v1/health and `warden --version`.
import pkg from "../package.json" with { type: "json" };

export const VERSION: string = pkg.version;
