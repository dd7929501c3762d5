// `warden policy check FILE`: validate a policy file as `serve` would load it, every error listed.
import { loadPolicyFile } from "../config/policy-file.ts";
import { BUILTIN_DETECTORS } from "../detectors/index.ts";

export async function runPolicy(argv: readonly string[]): Promise<number> {
  const [action, file, ...rest] = argv;
  if (action !== "check" || !file || rest.length) {
    console.error("usage: warden policy check FILE");
    return 2;
  }
  const loaded = await loadPolicyFile(file, BUILTIN_DETECTORS);
  if (!loaded.ok) {
    for (const e of loaded.errors) console.error(`${file}: ${e}`);
    console.error(`${loaded.errors.length} error(s)`);
    return 1;
  }
  const { policy, detectors } = loaded.set.base;
  console.log(`${file}: ok, version ${policy.version}, detectors ${detectors.map((d) => d.definition.id).join(", ")}`);
  return 0;
}
