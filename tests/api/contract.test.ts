import { readFile } from 'node:fs/promises';
import { Validator } from '@seriousme/openapi-schema-validator';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  CONTRACT_URL,
  OCTO_CONTRACT_URL,
  OCTO_TYPES_URL,
  checkApiTypes,
  firstDifference,
} from '../../scripts/check-api';

type Json = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;
const PUBLIC_OPERATIONS = [
  'signIn',
  'register',
  'getInvitation',
  'downloadExport',
  'getHealth',
  'getHealthLive',
  'getHealthReady',
];

const contractText = await readFile(CONTRACT_URL, 'utf8');
const contract = parse(contractText) as Json;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Follows a local `#/a/b/c` reference inside the contract. */
function deref(value: unknown): unknown {
  let current = value;
  const seen = new Set<string>();
  while (isObject(current) && typeof current.$ref === 'string') {
    const ref = current.$ref;
    if (!ref.startsWith('#/') || seen.has(ref)) throw new Error(`unresolvable $ref ${ref}`);
    seen.add(ref);
    current = ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), contract);
    if (current === undefined) throw new Error(`dangling $ref ${ref}`);
  }
  return current;
}

interface Operation {
  method: string;
  path: string;
  operationId: string | undefined;
  op: Json;
  parameters: Json[];
}

function operations(): Operation[] {
  const paths = contract.paths as Record<string, Json>;
  const result: Operation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    const shared = ((item.parameters as unknown[]) ?? []).map((p) => deref(p) as Json);
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const own = ((op.parameters as unknown[]) ?? []).map((p) => deref(p) as Json);
      result.push({
        method,
        path,
        operationId: op.operationId as string | undefined,
        op,
        parameters: [...shared, ...own],
      });
    }
  }
  return result;
}

/** Every object schema reachable from `schema` that allows properties, with where it is. */
function objectSchemas(
  schema: unknown,
  where: string,
  out: { where: string; schema: Json }[],
  seen = new Set<unknown>(),
): void {
  const node = deref(schema);
  if (!isObject(node) || seen.has(node)) return;
  seen.add(node);
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes('object') || isObject(node.properties)) out.push({ where, schema: node });
  if (isObject(node.properties)) {
    for (const [key, child] of Object.entries(node.properties)) objectSchemas(child, `${where}.${key}`, out, seen);
  }
  if (node.items !== undefined) objectSchemas(node.items, `${where}[]`, out, seen);
  if (isObject(node.additionalProperties)) objectSchemas(node.additionalProperties, `${where}{}`, out, seen);
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = node[key];
    if (Array.isArray(list)) list.forEach((child, i) => objectSchemas(child, `${where}.${key}[${i}]`, out, seen));
  }
}

function requestBodySchemas(op: Json): unknown[] {
  const body = deref(op.requestBody);
  if (!isObject(body) || !isObject(body.content)) return [];
  return Object.values(body.content).map((media) => (isObject(media) ? media.schema : undefined));
}

function usesTeamId(operation: Operation): boolean {
  if (operation.parameters.some((p) => p.name === 'teamId')) return true;
  const found: { where: string; schema: Json }[] = [];
  for (const schema of requestBodySchemas(operation.op)) objectSchemas(schema, 'body', found);
  return found.some(({ schema }) => isObject(schema.properties) && 'teamId' in schema.properties);
}

function isPublic(op: Json): boolean {
  const security = op.security ?? contract.security;
  return Array.isArray(security) && security.length === 0;
}

describe('API contract', () => {
  it('src/api/schema.d.ts is what `npm run gen:api` generates now', async () => {
    const { upToDate, expected, actual } = await checkApiTypes();
    expect(actual, 'src/api/schema.d.ts is missing: run npm run gen:api').not.toBeNull();
    expect(
      upToDate,
      `src/api/schema.d.ts is stale (run npm run gen:api): ${firstDifference(expected, actual ?? '')}`,
    ).toBe(true);
  });

  it('server/octo/schema.d.ts is what `npm run gen:api` generates from openapi/octo.yaml now', async () => {
    const { upToDate, expected, actual } = await checkApiTypes(OCTO_CONTRACT_URL, OCTO_TYPES_URL);
    expect(
      upToDate,
      `server/octo/schema.d.ts is stale (run npm run gen:api): ${firstDifference(expected, actual ?? '')}`,
    ).toBe(true);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(parse(contractText) as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(contract.openapi).toBe('3.1.0');
  });

  it('gives every operation a unique operationId', () => {
    const ids = operations().map((o) => o.operationId);
    expect(ids.filter((id) => typeof id !== 'string' || id.length === 0)).toEqual([]);
    const duplicates = ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(duplicates).toEqual([]);
  });

  it('closes every request-body object with additionalProperties: false', () => {
    const open: string[] = [];
    for (const { operationId, op } of operations()) {
      const found: { where: string; schema: Json }[] = [];
      for (const schema of requestBodySchemas(op)) objectSchemas(schema, `${operationId} body`, found);
      for (const { where, schema } of found) {
        if (schema.additionalProperties !== false) open.push(where);
      }
    }
    expect(open).toEqual([]);
  });

  it('keeps exactly signIn, register, getInvitation, downloadExport and the health checks public', () => {
    const publicIds = operations()
      .filter((o) => isPublic(o.op))
      .map((o) => o.operationId)
      .sort();
    expect(publicIds).toEqual([...PUBLIC_OPERATIONS].sort());
    const schemes = (contract.components as Json).securitySchemes as Json;
    expect(schemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('declares 401 on every protected operation and 403 wherever a teamId is named', () => {
    const missing: string[] = [];
    for (const operation of operations()) {
      const responses = operation.op.responses as Json;
      if (!isPublic(operation.op) && !('401' in responses)) missing.push(`${operation.operationId}: 401`);
      if (usesTeamId(operation) && !('403' in responses)) missing.push(`${operation.operationId}: 403`);
    }
    expect(missing).toEqual([]);
  });

  it('describes every error with the shared Error schema', () => {
    const wrong: string[] = [];
    for (const { operationId, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses as Json)) {
        if (Number(status) < 400) continue;
        const content = (deref(response) as Json).content as Json | undefined;
        const schema = content?.['application/json'] as Json | undefined;
        if ((schema?.schema as Json | undefined)?.$ref !== '#/components/schemas/Error')
          wrong.push(`${operationId} ${status}`);
      }
    }
    expect(wrong).toEqual([]);
    const error = ((contract.components as Json).schemas as Json).Error as Json;
    expect(error.required).toEqual(['error', 'message']);
  });
});
