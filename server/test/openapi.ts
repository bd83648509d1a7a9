import Ajv2020, { type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/** An OpenAPI 3.1 document, as far as the tests read it. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown> };
}

/** A JSON pointer fragment for a path of keys (`['paths', '/v1/cart', 'get']` → `/paths/~1v1~1cart/get`). */
export const pointer = (...keys: string[]) =>
  keys.map((k) => `/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/**
 * Validates values against the schemas of an OpenAPI 3.1 document (JSON Schema 2020-12) with Ajv:
 * `validate('/components/schemas/User', value)` answers the errors, or null when the value fits.
 * Patterns are compiled with the `u` flag, as JSON Schema means them.
 */
export function documentValidator(doc: OpenApiDocument) {
  // The document's own keywords (openapi, paths, example…) are not JSON Schema: not strict.
  const ajv = new Ajv2020({ strict: false, allErrors: true, unicodeRegExp: true });
  addFormats(ajv);
  // multipart file parts: any string the form carries.
  ajv.addFormat('binary', true);
  ajv.addSchema(doc as object, 'openapi.json');
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  return (at: string, value: unknown): ErrorObject[] | null => {
    let validate = compiled.get(at);
    if (!validate) {
      validate = ajv.compile({ $ref: `openapi.json#${at}` });
      compiled.set(at, validate);
    }
    return validate(value) ? null : (validate.errors ?? []);
  };
}
