/**
 * Reads Prometheus's text format as a scraper does, for tests that compare two scrapes: each
 * sample by its name and labels (`name{a="1",b="2"}`, labels sorted), with its value.
 */
export type Samples = Map<string, number>;

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function sampleKey(name: string, labels: Record<string, string> = {}): string {
  const pairs = Object.entries(labels)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}="${value}"`);
  return pairs.length ? `${name}{${pairs.join(',')}}` : name;
}

export function parsePrometheus(text: string): Samples {
  const samples: Samples = new Map();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`Not a Prometheus sample line: ${line}`);
    const [, name, labelText = '', value] = match;
    const labels = Object.fromEntries([...labelText.matchAll(LABEL)].map(([, key, raw]) => [key!, raw!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c))]));
    samples.set(sampleKey(name!, labels), Number(value === '+Inf' ? Infinity : value === '-Inf' ? -Infinity : value));
  }
  return samples;
}

/** A sample's value; undefined when the scrape has no such series. */
export function sampleOf(samples: Samples, name: string, labels: Record<string, string> = {}): number | undefined {
  return samples.get(sampleKey(name, labels));
}

/** The label values a metric's series carry under `label` (e.g. every `route` of a histogram). */
export function labelValues(samples: Samples, name: string, label: string): string[] {
  const values = new Set<string>();
  const pattern = new RegExp(`${label}="((?:[^"\\\\]|\\\\.)*)"`);
  for (const key of samples.keys()) {
    if (!key.startsWith(`${name}{`)) continue;
    const value = pattern.exec(key)?.[1];
    if (value !== undefined) values.add(value);
  }
  return [...values];
}

/** GETs a metrics address and reads it; fails on anything but a 200 in the text format. */
export async function scrape(url: string): Promise<Samples> {
  const response = await fetch(url);
  const text = await response.text();
  if (response.status !== 200 || !response.headers.get('content-type')?.startsWith('text/plain')) {
    throw new Error(`The scrape of ${url} answered ${response.status} ${response.headers.get('content-type')}: ${text.slice(0, 200)}`);
  }
  return parsePrometheus(text);
}
