// GET /metrics: Prometheus text format 0.0.4. Open to the same machine (loopback peers); from
// anywhere else it needs an operator token of scope `metrics` (warden operators create --scope metrics).
import type { WardenMetrics } from "../../metrics/warden-metrics.ts";
import type { OperatorStore } from "../../store/types.ts";
import { verifyOperator } from "../../trust/operators.ts";
import { errors } from "../errors.ts";
import { clientOf } from "../instrument.ts";

export async function handleMetrics(request: Request, deps: { metrics?: WardenMetrics; operators: OperatorStore }): Promise<Response> {
  if (!deps.metrics) return errors.notFound();
  if (!clientOf(request)?.loopback && !(await verifyOperator(deps.operators, request.headers.get("authorization"), "metrics"))) {
    return errors.unauthorized("beyond loopback, /metrics needs an operator token of scope metrics (warden operators create --scope metrics)");
  }
  return new Response(await deps.metrics.registry.render(), { headers: { "content-type": "text/plain; version=0.0.4; charset=utf-8" } });
}
