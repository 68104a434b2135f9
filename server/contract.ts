import type { components, operations } from '../src/api/schema';

/** Request and response shapes of the API contract (openapi/openapi.yaml, generated into src/api/schema.d.ts). */
export type Schemas = components['schemas'];

/** The JSON request body of a contract operation, by operationId. */
export type RequestBody<Op extends keyof operations> = operations[Op] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : never;
