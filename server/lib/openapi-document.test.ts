import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiModules } from '../app';
import { closeDarajaSimulators } from '../dev/daraja-simulator';
import { createTestContext, type TestContext } from '../test/harness';
import { documentValidator, pointer } from '../test/openapi';
import { mount, newRouter } from './http';
import { createLogger } from './logger';
import { openApiDocument, patternSource, zodChildren } from './openapi-document';

// The document must mean what the zod schemas the server validates with mean. These walk every zod
// schema the routes declare (requests and answers) and ask the document the same question.

let ctx: TestContext;
let definitions: ReturnType<typeof newRouter>['openAPIRegistry']['definitions'];
const CONFIG = { openapi: '3.1.0', info: { title: 'Sokoni API', version: 'test' } };

beforeAll(async () => {
  ctx = await createTestContext();
  const deps = { env: ctx.env, database: ctx.database, logger: createLogger('silent') };
  definitions = mount(newRouter(), apiModules(deps)).openAPIRegistry.definitions;
});
afterAll(async () => {
  await closeDarajaSimulators();
  await ctx.close();
});

type Node = z.core.$ZodType;

/** Every zod schema the routes declare, each with where it was first met (`GetUserResult.id`). */
function routeSchemas(): Map<Node, string> {
  const found = new Map<Node, string>();
  const walk = (schema: Node, where: string) => {
    if (found.has(schema)) return;
    found.set(schema, where);
    const def = schema._zod.def as { type: string; shape?: Record<string, Node> };
    const named = z.globalRegistry.get(schema)?.id ?? where;
    if (def.type === 'object') {
      for (const [key, field] of Object.entries(def.shape ?? {})) walk(field, `${named}.${key}`);
    } else for (const child of zodChildren(schema)) walk(child, named);
  };
  const visit = (value: unknown, where: string) => {
    if (!value || typeof value !== 'object') return;
    if ('_zod' in value) return walk(value as Node, where);
    for (const [key, v] of Object.entries(value)) visit(v, `${where} ${key}`);
  };
  for (const d of definitions) {
    if ('type' in d && d.type === 'route') visit(d.route, `${d.route.method.toUpperCase()} ${d.route.path}`);
  }
  return found;
}

/** The regexes of `.regex()` checks, by the schema that carries them. */
function regexesOf(schema: Node): RegExp[] {
  const checks = (schema._zod.def as { checks?: { _zod: { def: Record<string, unknown> } }[] }).checks ?? [];
  return checks
    .map((c) => c._zod.def)
    .filter((d) => d.check === 'string_format' && d.format === 'regex')
    .map((d) => d.pattern as RegExp);
}

/** Every `pattern` string of the document. */
function patternsOf(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => patternsOf(n, out));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'pattern' && typeof value === 'string') out.push(value);
      else patternsOf(value, out);
    }
  }
  return out;
}

/** Any text: ASCII mostly, any code point (lone surrogates too), where `u` makes a difference. */
const anyText = fc
  .array(fc.oneof(fc.integer({ min: 0, max: 0x7f }), fc.integer({ min: 0, max: 0x10ffff })), {
    maxLength: 24,
  })
  .map((points) => String.fromCodePoint(...points));

describe('the OpenAPI document', () => {
  it('lets null through wherever a zod schema of a route takes or gives null', () => {
    const nullables = [...routeSchemas()].filter(([s]) => s._zod.def.type === 'nullable');
    expect(nullables.length).toBeGreaterThan(20);
    // One probe body holds every nullable schema as it is, so the generator writes each as it does
    // in place (a component's use, an inline one); null must then fit every property.
    const probe = z.object(Object.fromEntries(nullables.map(([s], i) => [`p${i}`, s as z.ZodType])));
    const route = {
      type: 'route' as const,
      route: {
        method: 'post' as const,
        path: '/null-probe',
        request: { body: { content: { 'application/json': { schema: probe } } } },
        responses: { 200: { description: 'The probe' } },
      },
    };
    const doc = openApiDocument([...definitions, route], CONFIG);
    const validate = documentValidator(doc as never);
    const at = pointer(
      'paths',
      '/null-probe',
      'post',
      'requestBody',
      'content',
      'application/json',
      'schema',
    );
    const errors = validate(at, Object.fromEntries(nullables.map((_, i) => [`p${i}`, null]))) ?? [];
    const refused = [...new Set(errors.map((e) => /^\/p(\d+)/.exec(e.instancePath)?.[1]))]
      .filter((i) => i !== undefined)
      .map((i) => nullables[Number(i)]![1]);
    expect(refused).toEqual([]);
  });

  it('writes every regex of a route as a pattern that compiles with the u flag and means the same', () => {
    const regexes = [
      ...new Map([...routeSchemas().keys()].flatMap(regexesOf).map((r) => [String(r), r])).values(),
    ];
    expect(regexes.length).toBeGreaterThan(10);
    const doc = openApiDocument(definitions, CONFIG);
    const patterns = new Set(patternsOf(doc));
    // No regex is left out (the generator writes one per string), and none is in it that zod lacks.
    expect(regexes.map((r) => r.source).filter((s) => !patterns.has(s))).toEqual([]);
    // A format's own regex may be written as the pattern too (Email: `format: email` alone is looser).
    const formats = [...routeSchemas().keys()].map((s) => (s._zod.def as { pattern?: unknown }).pattern);
    const sources = new Set([...regexes, ...formats].filter((r) => r instanceof RegExp).map((r) => r.source));
    expect([...patterns].filter((p) => !sources.has(p))).toEqual([]);
    for (const regex of regexes) {
      const asDocumented = new RegExp(regex.source, 'u');
      expect(regex.flags, regex.source).toMatch(/^u?$/);
      // With its own u flag the regex is the documented one; without, `u` could change what matches.
      if (regex.flags === 'u') continue;
      // What each would match: strings made to match zod's regex, and any strings at all.
      let matching: fc.Arbitrary<string>;
      try {
        matching = fc.stringMatching(regex);
      } catch {
        matching = fc.string();
      }
      fc.assert(
        fc.property(fc.oneof(matching, anyText), (s) => {
          regex.lastIndex = 0;
          return asDocumented.test(s) === regex.test(s);
        }),
        { seed: 26, numRuns: 200 },
      );
    }
  });
});

describe('patternSource', () => {
  it('takes the flags the generator writes after a regex off its pattern', () => {
    expect(patternSource(String.raw`^[^\p{Cc}]*$/u`)).toBe(String.raw`^[^\p{Cc}]*$`);
    expect(patternSource(String.raw`^[a/b]+/u`)).toBe(String.raw`^[a/b]+`);
  });

  it('leaves a pattern without flags as it is, a slash at its end too', () => {
    for (const p of [String.raw`^\d{6}$`, String.raw`^a\/u`, String.raw`^[/u]`, String.raw`^(?:W\/)?"?$`]) {
      expect(patternSource(p)).toBe(p);
    }
  });

  it('refuses a flag that changes what matches, which a pattern cannot carry', () => {
    expect(() => patternSource('^ke$/i')).toThrow(/spell them in the regex itself/);
  });
});
