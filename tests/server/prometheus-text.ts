/**
 * A strict reader of Prometheus' text exposition format (0.0.4): every line is a HELP, a TYPE, or a
 * sample `name{label="value",...} value`; every sample belongs to a family declared by TYPE before
 * it (histograms and summaries through their _bucket, _sum and _count), label values unescape
 * \\, \" and \n, and values are floats, ±Inf or NaN. Anything else throws, naming the line.
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  help: string;
  samples: Sample[];
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = '[a-zA-Z_][a-zA-Z0-9_]*';
// as Go's strconv.ParseFloat, which Prometheus reads values with: Inf and NaN in any case
const VALUE = /^(?:[+-]?(?:\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?|inf(?:inity)?)|nan)$/i;
const SUFFIXES: Record<Family['type'], string[]> = {
  counter: [''],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

function parseLabels(text: string, line: number): Record<string, string> {
  const labels: Record<string, string> = {};
  const re = new RegExp(`\\s*(${LABEL})="((?:[^"\\\\\\n]|\\\\[\\\\"n])*)"\\s*(,|$)`, 'y');
  let at = 0;
  while (at < text.length) {
    re.lastIndex = at;
    const m = re.exec(text);
    if (!m) throw new Error(`line ${line}: bad labels {${text}}`);
    if (m[1] in labels) throw new Error(`line ${line}: label ${m[1]} twice`);
    labels[m[1]] = m[2].replace(/\\(["\\n])/g, (_, c: string) => (c === 'n' ? '\n' : c));
    at = re.lastIndex;
  }
  return labels;
}

export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const help = new Map<string, string>();
  const sampleRe = new RegExp(`^(${NAME})(?:\\{(.*)\\})?[ \\t]+(\\S+)(?:[ \\t]+-?\\d+)?$`);
  text.split('\n').forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === '') return;
    if (raw.startsWith('#')) {
      const m = new RegExp(`^# (HELP|TYPE) (${NAME})(?: (.*))?$`).exec(raw);
      if (!m) {
        if (/^# (HELP|TYPE)\b/.test(raw)) throw new Error(`line ${line}: bad ${raw}`);
        return; // a comment
      }
      const [, kind, name, rest = ''] = m;
      if (kind === 'HELP') {
        help.set(name, rest);
        const family = families.get(name);
        if (family) family.help = rest;
        return;
      }
      if (!['counter', 'gauge', 'histogram', 'summary', 'untyped'].includes(rest)) {
        throw new Error(`line ${line}: unknown type ${rest}`);
      }
      if (families.has(name)) throw new Error(`line ${line}: ${name} declared twice`);
      families.set(name, { type: rest as Family['type'], help: help.get(name) ?? '', samples: [] });
      return;
    }
    const m = sampleRe.exec(raw);
    if (!m || !VALUE.test(m[3])) throw new Error(`line ${line}: not a sample: ${raw}`);
    const [, name, labelText = '', valueText] = m;
    const family = [...families.entries()].find(([base, f]) =>
      SUFFIXES[f.type].some((suffix) => name === base + suffix),
    );
    if (!family) throw new Error(`line ${line}: ${name} has no TYPE before it`);
    const inf = /inf/i.test(valueText);
    const value = inf
      ? valueText.startsWith('-')
        ? -Infinity
        : Infinity
      : /nan/i.test(valueText)
        ? NaN
        : Number(valueText);
    family[1].samples.push({ name, labels: parseLabels(labelText, line), value });
  });
  return families;
}

/** The value of the one sample with this name whose labels include `labels`, or undefined. */
export function sampleValue(
  families: Map<string, Family>,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const matching = [...families.values()]
    .flatMap((f) => f.samples)
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (matching.length > 1) throw new Error(`${matching.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return matching[0]?.value;
}
