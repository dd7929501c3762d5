// A small Prometheus registry written for the hot path: label sets resolve once to a child
// whose update is a few array writes, and the text exposition (format 0.0.4) is built on scrape.
// No default collectors: prom-client's cost ~10 ms per scrape under Bun (notes/operator-surfaces).

export interface CounterChild {
  inc(by?: number): void;
}
export interface GaugeChild {
  set(value: number): void;
}
export interface HistogramChild {
  observe(value: number): void;
}

interface Family<C> {
  labels(...values: string[]): C;
}

/** Series one metric may hold; past it, new label sets share one `other` child (bounded memory). */
const MAX_SERIES = 2000;

const escapeLabel = (value: string) => value.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/"/g, '\\"');
const escapeHelp = (value: string) => value.replace(/\\/g, "\\\\").replace(/\n/g, "\\n");
const formatNumber = (n: number) => (Number.isNaN(n) ? "NaN" : n === Infinity ? "+Inf" : n === -Infinity ? "-Inf" : String(n));

function labelText(names: readonly string[], values: readonly string[], extra?: [string, string]): string {
  const pairs = names.map((name, i) => `${name}="${escapeLabel(values[i] ?? "")}"`);
  if (extra) pairs.push(`${extra[0]}="${extra[1]}"`);
  return pairs.length ? `{${pairs.join(",")}}` : "";
}

abstract class Metric<C> implements Family<C> {
  protected readonly children = new Map<string, { values: string[]; child: C }>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
  ) {}

  protected abstract create(): C;
  abstract lines(): string[];

  labels(...values: string[]): C {
    const key = values.join("\u0000");
    const found = this.children.get(key);
    if (found) return found.child;
    const overflow = this.children.size >= MAX_SERIES;
    const kept = overflow ? this.labelNames.map(() => "other") : values;
    const keptKey = kept.join("\u0000");
    const existing = this.children.get(keptKey);
    if (existing) return existing.child;
    const child = this.create();
    this.children.set(keptKey, { values: kept, child });
    return child;
  }

  render(type: string): string {
    return [`# HELP ${this.name} ${escapeHelp(this.help)}`, `# TYPE ${this.name} ${type}`, ...this.lines()].join("\n");
  }
}

export class Counter extends Metric<CounterChild & { value: number }> {
  protected create() {
    const child = { value: 0, inc: (by = 1) => void (child.value += by) };
    return child;
  }
  lines() {
    return [...this.children.values()].map(({ values, child }) => `${this.name}${labelText(this.labelNames, values)} ${formatNumber(child.value)}`);
  }
}

export class Gauge extends Metric<GaugeChild & { value: number }> {
  protected create() {
    const child = { value: 0, set: (v: number) => void (child.value = v) };
    return child;
  }
  /** Scrape-time gauges replace all their series at once (states that come and go). */
  reset(): void {
    this.children.clear();
  }
  lines() {
    return [...this.children.values()].map(({ values, child }) => `${this.name}${labelText(this.labelNames, values)} ${formatNumber(child.value)}`);
  }
}

export class Histogram extends Metric<HistogramChild & { counts: Float64Array; sum: number; count: number }> {
  constructor(name: string, help: string, labelNames: readonly string[], readonly buckets: readonly number[]) {
    super(name, help, labelNames);
  }
  protected create() {
    const buckets = this.buckets;
    const child = {
      counts: new Float64Array(buckets.length),
      sum: 0,
      count: 0,
      observe(value: number) {
        child.sum += value;
        child.count++;
        for (let i = 0; i < buckets.length; i++) {
          if (value <= buckets[i]!) {
            child.counts[i]!++;
            return;
          }
        }
      },
    };
    return child;
  }
  lines() {
    const out: string[] = [];
    for (const { values, child } of this.children.values()) {
      let cumulative = 0;
      this.buckets.forEach((bound, i) => {
        cumulative += child.counts[i]!;
        out.push(`${this.name}_bucket${labelText(this.labelNames, values, ["le", formatNumber(bound)])} ${cumulative}`);
      });
      out.push(`${this.name}_bucket${labelText(this.labelNames, values, ["le", "+Inf"])} ${child.count}`);
      out.push(`${this.name}_sum${labelText(this.labelNames, values)} ${formatNumber(child.sum)}`);
      out.push(`${this.name}_count${labelText(this.labelNames, values)} ${child.count}`);
    }
    return out;
  }
}

/** `count` buckets from `start`, each `factor` times the last. */
export const exponentialBuckets = (start: number, factor: number, count: number): number[] =>
  Array.from({ length: count }, (_, i) => Number((start * factor ** i).toPrecision(6)));

export function createRegistry() {
  const metrics: { metric: Metric<unknown>; type: string }[] = [];
  const collectors: (() => void | Promise<void>)[] = [];
  const add = <M extends Metric<any>>(metric: M, type: string): M => {
    metrics.push({ metric, type });
    return metric;
  };
  return {
    counter: (name: string, help: string, labels: readonly string[] = []) => add(new Counter(name, help, labels), "counter"),
    gauge: (name: string, help: string, labels: readonly string[] = []) => add(new Gauge(name, help, labels), "gauge"),
    histogram: (name: string, help: string, labels: readonly string[], buckets: readonly number[]) =>
      add(new Histogram(name, help, labels, buckets), "histogram"),
    /** Runs before every scrape: gauges read from stores, the process, the exporter. */
    onCollect: (collect: () => void | Promise<void>) => void collectors.push(collect),
    async render(): Promise<string> {
      for (const collect of collectors) await collect();
      return `${metrics.map(({ metric, type }) => metric.render(type)).join("\n")}\n`;
    },
  };
}

export type Registry = ReturnType<typeof createRegistry>;
