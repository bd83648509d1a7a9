import { z } from 'zod';

/** One field a request got wrong: its dotted path (empty for the whole part) and why. */
export interface Issue {
  path: string;
  message: string;
}

/** A zod error's issues as the error envelope lists them. */
export const zodIssues = (error: z.ZodError): Issue[] =>
  error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));

/** Which part of a request failed its schema, as the 400's message names it. */
export type RequestPart = 'json' | 'query' | 'param' | 'header' | 'form' | 'cookie';

/** The message of the 400 for a request part that fails its schema: the first issue, in words. */
export function validationMessage(part: RequestPart, issues: readonly Issue[]): string {
  const first = issues[0];
  return first
    ? `Invalid ${part}: ${first.path ? `${first.path}: ` : ''}${first.message}.`
    : `Invalid ${part}.`;
}

/** The body of every 4xx/5xx answer. */
export const ErrorBody = z
  .object({
    message: z.string(),
    code: z.string(),
    correlationId: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    /**
     * A stock or cart refusal's sentences as catalogue keys and values (contract/refusal-words.ts), so the storefront says them in the shopper's language; `message` is the English.
     */
    words: z
      .array(
        z.object({
          key: z.string(),
          values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
        }),
      )
      .optional(),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Wraps a payload schema as the `{ data }` envelope every success answer uses. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

/** `{ count, rows }`, the list shape for attributes and categories. */
export const countRows = <T extends z.ZodType>(row: T) =>
  z.object({ count: z.number().int().nonnegative(), rows: z.array(row) });

export const Uuid = z.uuid();

/**
 * `limit` and `offset` of a paged list query. Values arrive as strings and are coerced; the meta
 * spells the integer out for the OpenAPI generator, which probes with null (coerced to a valid 0)
 * and would otherwise document the parameters as nullable.
 */
export const pageParams = (defaultLimit: number, maxLimit: number) => ({
  limit: z.coerce
    .number<number | string>()
    .int()
    .min(1)
    .max(maxLimit)
    .default(defaultLimit)
    .meta({ type: 'integer', minimum: 1, maximum: maxLimit, default: defaultLimit }),
  offset: z.coerce
    .number<number | string>()
    .int()
    .min(0)
    .default(0)
    .meta({ type: 'integer', minimum: 0, default: 0 }),
});

export const ListMeta = z
  .object({
    total: z.number().int().nonnegative(),
    limit: z.number().int().positive(),
    offset: z.number().int().nonnegative(),
  })
  .meta({ id: 'ListMeta' });
export type ListMeta = z.infer<typeof ListMeta>;

export const Health = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.object({ kind: z.enum(['pglite', 'postgres']), ok: z.boolean() }),
    version: z.string(),
    uptimeSeconds: z.number(),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof Health>;
