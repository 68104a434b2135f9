import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

/**
 * Request validation with the contract's schemas. Path, query and headers arrive as text, so their
 * values are coerced to the declared types ("20" -> 20, "a" -> ["a"]). A JSON body already carries
 * its types: a value of the wrong type is refused (400), never converted.
 */
const OPTIONS: Options = {
  // Unknown body properties are an error (400), not silently dropped.
  removeAdditional: false,
  useDefaults: true,
  // One error is enough for the message; all of them would let a crafted body cost more.
  allErrors: false,
  addUsedSchema: false,
};

function createAjv(coerceTypes: Options['coerceTypes']): Ajv {
  const ajv = new Ajv({ ...OPTIONS, coerceTypes });
  addFormats(ajv);
  return ajv;
}

export function contractValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const strict = createAjv(false);
  const textual = createAjv('array');
  return ({ schema, httpPart }) => (httpPart === 'body' ? strict : textual).compile(schema as object);
}
