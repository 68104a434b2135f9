import { Liquid, analyzeSync, type Template } from 'liquidjs';
import { variableNames, type EmailType } from './variables';

/**
 * Liquid templates in strict mode: an undefined variable or filter is an error, never an empty
 * string. Templates are checked before they are stored (syntax, then every variable against the
 * e-mail type's set), and rendering stays strict, so a stored template that went bad fails its send
 * instead of mailing a customer "Your tour departs on .".
 */
const engine = new Liquid({
  strictVariables: true,
  strictFilters: true,
  ownPropertyOnly: true,
  // Operators' input: bound the work one template can cause.
  parseLimit: 100_000,
  renderLimit: 200,
  memoryLimit: 10_000_000,
});
// Templates live in the database, not in files: no tag may read one from disk.
for (const tag of ['include', 'render', 'layout']) delete engine.tags[tag];

export type TemplateField = 'subject' | 'body';

/** A template that cannot be used; `variable` is set when it names an unknown one. */
export class TemplateError extends Error {
  constructor(
    readonly field: TemplateField,
    message: string,
    readonly variable?: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
    this.name = 'TemplateError';
  }

  /** The 400 body the contract describes for INVALID_TEMPLATE. */
  toBody() {
    return {
      error: 'INVALID_TEMPLATE',
      message: this.message,
      field: this.field,
      ...(this.variable === undefined ? {} : { variable: this.variable }),
      ...(this.line === undefined ? {} : { line: this.line, column: this.column }),
    };
  }
}

interface LiquidFault {
  message: string;
  token?: { getPosition?: () => [number, number] };
}

/** liquidjs appends ", line:1, col:5" to its messages: keep the words, report the place apart. */
function fault(field: TemplateField, err: unknown, what: string): TemplateError {
  const e = err as LiquidFault;
  const [line, column] = e.token?.getPosition?.() ?? [];
  const words = String(e.message ?? err).replace(/, line:\d+, col:\d+$/, '');
  const at = line === undefined ? '' : ` (line ${line}, column ${column})`;
  return new TemplateError(field, `The ${field} ${what}: ${words}${at}`, undefined, line, column);
}

const parsed = new Map<string, Template[]>();
const CACHE_SIZE = 1000;

/** Parses once per distinct text (a send renders the same few templates for many orders). */
function parse(field: TemplateField, source: string): Template[] {
  let tpl = parsed.get(source);
  if (!tpl) {
    try {
      tpl = engine.parse(source);
    } catch (err) {
      throw fault(field, err, 'has a syntax error');
    }
    if (parsed.size >= CACHE_SIZE) parsed.clear();
    parsed.set(source, tpl);
  }
  return tpl;
}

/** Throws TemplateError unless the template parses and names only variables of the type. */
export function checkTemplate(field: TemplateField, source: string, type: EmailType): void {
  const tpl = parse(field, source);
  const known = variableNames(type);
  for (const uses of Object.values(analyzeSync(tpl).globals)) {
    for (const v of uses) {
      // a known name exactly: its value is text or a number, with no members to reach into
      if (v.segments.length === 1 && known.has(String(v.segments[0]))) continue;
      const name = String(v);
      const { row, col } = v.location;
      const hint = known.has(String(v.segments[0])) ? '' : `: use one of ${[...known].join(', ')}`;
      throw new TemplateError(
        field,
        `The ${field} names an unknown variable ${name} (line ${row}, column ${col})${hint}`,
        name,
        row,
        col,
      );
    }
  }
}

/** Renders a checked template with the type's values (every variable of the type defined). */
export function renderTemplate(field: TemplateField, source: string, values: Record<string, unknown>): string {
  const tpl = parse(field, source);
  try {
    return engine.renderSync(tpl, values) as string;
  } catch (err) {
    throw fault(field, err, 'cannot be rendered');
  }
}
