import { OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

type Definitions = ConstructorParameters<typeof OpenApiGeneratorV31>[0];
type Config = Parameters<OpenApiGeneratorV31['generateDocument']>[0];
type Document = ReturnType<OpenApiGeneratorV31['generateDocument']>;
type Json = { [key: string]: unknown };

/**
 * The OpenAPI 3.1 document of the routes declared in `definitions`, as @hono/zod-openapi's generator
 * (zod-to-openapi 9) writes it, with its three faults put right, so that every schema means what the
 * zod schema the server validates with means:
 * - a component is written from its own schema, never from the first use of it, which may be a
 *   `.nullable()` one (ChallengeId was `type: [string, null]` everywhere, bodies that refuse null too);
 * - a nullable use of a component (`Phone.nullable()`) is `anyOf: [{$ref}, {type: 'null'}]`; the
 *   generator writes `allOf: [{$ref}, {type: [string, null]}]`, which null can never satisfy
 *   (zod-to-openapi issue 248), so generated clients typed such fields without null;
 * - a pattern is the regex's source; the generator writes `/u` flags after it (`^[^\p{Cc}]*$/u`),
 *   which no client can compile. A JSON Schema pattern is matched with Unicode semantics, so `u` is
 *   implied; a flag that would change the meaning (`i`, `m`, `s`, `y`) has no way into the document
 *   and stops the build here, to be spelled in the regex itself (`[Aa]`).
 */
export function openApiDocument(definitions: Definitions, config: Config) {
  const first = new OpenApiGeneratorV31(definitions).generateDocument(config);
  // Each component's own zod schema goes first, those it contains before it (the generator registers
  // a component on its first encounter, and a parent's may be a nullable use of it).
  const ids = new Set(Object.keys(first.components?.schemas ?? {}));
  const components: { type: 'schema'; schema: z.ZodType }[] = [];
  const seen = new Set<z.core.$ZodType>();
  const visit = (schema: z.core.$ZodType) => {
    if (seen.has(schema)) return;
    seen.add(schema);
    zodChildren(schema).forEach(visit);
    const id = z.globalRegistry.get(schema)?.id;
    if (id && ids.has(id) && schema instanceof z.ZodType) components.push({ type: 'schema', schema });
  };
  for (const id of ids) {
    const schema = z.globalRegistry._idmap.get(id);
    if (schema) visit(schema);
  }
  const document = new OpenApiGeneratorV31([...components, ...definitions]).generateDocument(config);
  withParameterDefaults(definitions, document);
  return mend(document) as typeof document;
}

const PARAMETERS = { query: 'query', params: 'path', headers: 'header' } as const;

/**
 * Puts back the default of a parameter whose schema is a component (`sort: ProductSort.default('newest')`):
 * the generator writes a use of a component as its bare `$ref` and drops what the use adds.
 */
function withParameterDefaults(definitions: Definitions, document: Document) {
  for (const definition of definitions) {
    if (!('type' in definition) || definition.type !== 'route') continue;
    const { method, path, request } = definition.route;
    const operation = document.paths?.[path]?.[method as 'get'] as
      { parameters?: { name?: string; in?: string; schema?: object }[] } | undefined;
    for (const [part, location] of Object.entries(PARAMETERS)) {
      const schema = request?.[part as keyof typeof PARAMETERS];
      if (!(schema instanceof z.ZodObject)) continue;
      for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
        if (!(field instanceof z.ZodDefault)) continue;
        const parameter = operation?.parameters?.find((p) => p.name === name && p.in === location);
        if (parameter?.schema && !('default' in parameter.schema)) {
          parameter.schema = { ...parameter.schema, default: field.def.defaultValue };
        }
      }
    }
  }
}

/** The schemas a zod schema is made of: an object's properties, an array's items, a union's options… */
export function zodChildren(schema: z.core.$ZodType): z.core.$ZodType[] {
  const def = schema._zod.def as unknown as Record<string, unknown>;
  const values = def.type === 'lazy' ? [(def.getter as () => unknown)()] : Object.values(def);
  return values.flatMap((v) =>
    isZod(v)
      ? [v]
      : Array.isArray(v)
        ? v.filter(isZod)
        : v && typeof v === 'object' && !('_zod' in v)
          ? Object.values(v).filter(isZod)
          : [],
  );
}

const isZod = (v: unknown): v is z.core.$ZodType =>
  !!v && typeof v === 'object' && '_zod' in v && typeof (v as z.core.$ZodType)._zod.def.type === 'string';

/** Keywords that describe a schema without constraining it: they stay beside a nullable `anyOf`. */
const ANNOTATIONS = new Set(['description', 'title', 'example', 'examples', 'default', 'deprecated']);

function mend(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(mend);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] = key === 'pattern' && typeof value === 'string' ? patternSource(value) : mend(value);
  }
  return nullableRef(out) ?? out;
}

const isRef = (s: unknown): s is { $ref: string } =>
  !!s && typeof s === 'object' && Object.keys(s).length === 1 && '$ref' in s;
const isNullType = (s: unknown) => !!s && typeof s === 'object' && (s as Json).type === 'null';

/** `allOf: [{$ref}, {type: [T, null], …}]` or `oneOf: [{$ref}, {type: null}]` as `anyOf: [{$ref}, {type: null}]`. */
function nullableRef(schema: Json): Json | undefined {
  const { allOf, oneOf, ...rest } = schema;
  if (Array.isArray(oneOf) && oneOf.length === 2 && isRef(oneOf[0]) && isNullType(oneOf[1]) && !allOf) {
    return { ...rest, anyOf: oneOf };
  }
  if (!Array.isArray(allOf) || allOf.length !== 2 || !isRef(allOf[0]) || oneOf) return undefined;
  const { type, ...more } = allOf[1] as Json;
  if (!Array.isArray(type) || !type.includes('null')) return undefined;
  const annotations = Object.fromEntries(Object.entries(more).filter(([k]) => ANNOTATIONS.has(k)));
  const constraints = Object.fromEntries(Object.entries(more).filter(([k]) => !ANNOTATIONS.has(k)));
  const value = Object.keys(constraints).length ? { allOf: [allOf[0], constraints] } : allOf[0];
  return { ...rest, ...annotations, anyOf: [value, { type: 'null' }] };
}

// RegExp.prototype.source escapes every `/` outside a character class, so a `/` that is neither
// escaped nor in a class can only be the one the generator put before the flags.
const WITH_FLAGS = /^((?:\\.|\[(?:\\.|[^\]\\])*\]|[^\\[/])*)\/([a-z]+)$/s;

/** The pattern of a regex the generator wrote as `source/flags`. */
export function patternSource(written: string): string {
  const match = WITH_FLAGS.exec(written);
  if (!match) return written;
  const [, source, flags] = match;
  if (flags !== 'u') {
    throw new Error(
      `The pattern /${source}/${flags} has flags a JSON Schema pattern cannot carry (only u is implied): ` +
        'spell them in the regex itself.',
    );
  }
  return source!;
}
