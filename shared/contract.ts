import type { components } from '../src/api/schema';

/** The shapes of the API contract (openapi/openapi.yaml, generated into src/api/schema.d.ts). */
export type Schemas = components['schemas'];
