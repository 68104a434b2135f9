/**
 * Fails when generated types are stale, i.e. differ from what `npm run gen:api` would generate
 * now: src/api/schema.d.ts from openapi/openapi.yaml, server/octo/schema.d.ts from openapi/octo.yaml.
 *
 *   npx tsx scripts/check-api.ts
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';

export const ROOT = new URL('../', import.meta.url);
export const CONTRACT_URL = new URL('openapi/openapi.yaml', ROOT);
export const TYPES_URL = new URL('src/api/schema.d.ts', ROOT);
export const OCTO_CONTRACT_URL = new URL('openapi/octo.yaml', ROOT);
export const OCTO_TYPES_URL = new URL('server/octo/schema.d.ts', ROOT);

/** The text `openapi-typescript openapi/openapi.yaml -o src/api/schema.d.ts` writes. */
export async function generateApiTypes(contract: URL = CONTRACT_URL): Promise<string> {
  const ast = await openapiTS(contract, { silent: true });
  return `${COMMENT_HEADER}${astToString(ast)}`;
}

export interface ApiTypesCheck {
  upToDate: boolean;
  expected: string;
  actual: string | null;
}

/** Compares the committed types with a fresh generation (nothing is written). */
export async function checkApiTypes(contract = CONTRACT_URL, types = TYPES_URL): Promise<ApiTypesCheck> {
  const expected = await generateApiTypes(contract);
  const actual = await readFile(types, 'utf8').catch(() => null);
  return { upToDate: actual === expected, expected, actual };
}

const PAIRS = [
  { contract: CONTRACT_URL, types: TYPES_URL, name: 'src/api/schema.d.ts' },
  { contract: OCTO_CONTRACT_URL, types: OCTO_TYPES_URL, name: 'server/octo/schema.d.ts' },
];

/** First differing line, for a readable failure message. */
export function firstDifference(expected: string, actual: string): string {
  const a = expected.split('\n');
  const b = actual.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) {
      return `line ${i + 1}:\n  expected: ${a[i] ?? '<end of file>'}\n  found:    ${b[i] ?? '<end of file>'}`;
    }
  }
  return 'no difference';
}

async function main(): Promise<void> {
  for (const { contract, types, name } of PAIRS) {
    const { upToDate, expected, actual } = await checkApiTypes(contract, types);
    if (upToDate) {
      console.log(`${name} is up to date`);
      continue;
    }
    console.error(`${name} is stale: run \`npm run gen:api\` and commit the result.`);
    console.error(actual === null ? `${name} is missing.` : firstDifference(expected, actual));
    process.exitCode = 1;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main();
}
