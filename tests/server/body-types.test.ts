import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractOperations, loadContract, type Operation } from '../../server/openapi-routes';
import { createTestApp, type TestApp } from './helpers';

// Generated from the contract: every operation with a JSON body gets, for each top-level field of
// that body, a body that is valid but for that field, which holds a JSON value of a type the field
// does not allow; it must answer 400 naming the field. A validator that coerces ("1" -> 1,
// 1 -> "1", "a" -> ["a"]) fails.
type Schema = Record<string, unknown>;

const check = new Ajv({ strict: false });
addFormats(check);

const typesOf = (s: Schema): string[] => {
  if (s.type) return ([] as string[]).concat(s.type as string | string[]);
  if (Array.isArray(s.allOf)) return (s.allOf as Schema[]).flatMap(typesOf).slice(0, 1);
  for (const key of ['anyOf', 'oneOf'] as const)
    if (Array.isArray(s[key])) return (s[key] as Schema[]).flatMap(typesOf);
  if (Array.isArray(s.enum)) return [...new Set((s.enum as unknown[]).map(jsonType))];
  return [];
};

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

const allows = (types: string[], v: unknown) =>
  types.includes(jsonType(v)) || (jsonType(v) === 'integer' && types.includes('number'));

const STRINGS = [
  'x',
  'VN',
  'USD',
  'abc-1',
  'a@example.test',
  'https://example.test/a.png',
  '2026-01-15',
  '2026-01-15T09:00:00.000Z',
  'data:image/png;base64,iVBORw0KGgo=',
  '0b6f2a4e-3c1d-4e5f-8a9b-1c2d3e4f5a6b',
  '+84 912 345 678',
];

/** A small value the schema accepts (the contract's formats, patterns and enums included). */
function sample(s: Schema, where: string): unknown {
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum.find((v) => v !== null) ?? s.enum[0];
  if (Array.isArray(s.allOf)) return sample(Object.assign({}, ...(s.allOf as Schema[])), where);
  for (const key of ['anyOf', 'oneOf'] as const)
    if (Array.isArray(s[key])) return sample((s[key] as Schema[])[0], where);
  const type = typesOf(s).find((t) => t !== 'null');
  switch (type) {
    case 'string': {
      const min = (s.minLength as number | undefined) ?? 0;
      const found = [...STRINGS, 'x'.repeat(Math.max(min, 1))].find((c) => check.validate(s, c));
      if (found === undefined) throw new Error(`No sample string for ${where}: add one to STRINGS`);
      return found;
    }
    case 'integer':
    case 'number':
      return Math.max((s.minimum as number | undefined) ?? 1, 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: (s.minItems as number | undefined) ?? 0 }, () =>
        sample(s.items as Schema, `${where}[]`),
      );
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, Schema>;
      const required = (s.required ?? []) as string[];
      return Object.fromEntries(required.map((k) => [k, sample(props[k] ?? {}, `${where}.${k}`)]));
    }
    default:
      throw new Error(`${where} has no type in the contract`);
  }
}

/** One value of every JSON type, including those a coercing validator would turn into another. */
const WRONG: unknown[] = ['1', 'true', 1, 1.5, true, null, [], {}];

interface Case {
  op: Operation;
  url: string;
  base: Record<string, unknown>;
  /** Each top-level field: its JSON types and a value it accepts. */
  fields: { name: string; types: string[]; valid: unknown }[];
}

function caseOf(op: Operation): Case {
  const schema = op.schema.body as Schema;
  const params = (op.schema.params as Schema | undefined)?.properties as Record<string, Schema> | undefined;
  const query = op.schema.querystring as Schema | undefined;
  const path = op.url.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String(sample(params?.[name] ?? {}, `path.${name}`))),
  );
  const required = sample({ type: 'object', ...query }, 'query') as Record<string, unknown>;
  const search = new URLSearchParams(Object.entries(required).map(([k, v]) => [k, String(v)])).toString();
  const props = (schema.properties ?? {}) as Record<string, Schema>;
  return {
    op,
    url: search ? `${path}?${search}` : path,
    base: sample(schema, 'body') as Record<string, unknown>,
    fields: Object.entries(props).map(([name, s]) => ({ name, types: typesOf(s), valid: sample(s, `body.${name}`) })),
  };
}

const cases = contractOperations(loadContract())
  .filter((op) => op.schema.body)
  .map(caseOf);

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ orders: 0 });
  token = await t.tokenFor('admin@tourdesk.test');
});
afterAll(() => t?.close());

describe('JSON bodies of the wrong type', () => {
  it('covers every operation with a JSON body; each field is typed and valid but for the value under test', () => {
    expect(cases.length).toBeGreaterThanOrEqual(24);
    for (const c of cases) {
      expect(c.fields.length, c.op.operationId).toBeGreaterThan(0);
      for (const { name, types, valid } of c.fields) {
        const where = `${c.op.operationId} body.${name}`;
        expect(types.length, where).toBeGreaterThan(0);
        const body = { ...c.base, [name]: valid };
        expect(check.validate(c.op.schema.body as Schema, body), `${where}: ${check.errorsText()}`).toBe(true);
      }
    }
  });

  it.each(cases.map((c) => [c.op.operationId, c] as const))('%s refuses each field of another type', async (_, c) => {
    const wrong: string[] = [];
    for (const { name, types } of c.fields) {
      for (const value of WRONG.filter((v) => !allows(types, v))) {
        const res = await t.app.inject({
          method: c.op.method,
          url: c.url,
          headers: c.op.bearer ? { authorization: `Bearer ${token}` } : {},
          payload: { ...c.base, [name]: value },
        });
        const body = res.json() as { error?: string; message?: string };
        const ok = res.statusCode === 400 && body.error === 'BAD_REQUEST' && body.message?.startsWith(`body.${name} `);
        if (!ok) wrong.push(`body.${name} = ${JSON.stringify(value)}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
