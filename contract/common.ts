import { z } from 'zod';

/** The body of every 4xx/5xx answer. */
export const ErrorBody = z
  .object({
    message: z.string(),
    code: z.string(),
    correlationId: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Wraps a payload schema as the `{ data }` envelope every success answer uses. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

/** `{ count, rows }`, the list shape for attributes and categories. */
export const countRows = <T extends z.ZodType>(row: T) =>
  z.object({ count: z.number().int().nonnegative(), rows: z.array(row) });

export const Uuid = z.uuid();

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
