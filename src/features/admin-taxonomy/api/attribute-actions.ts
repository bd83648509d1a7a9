import { productQueries } from '@/features/catalogue';
import { setGlobalLoading } from '@/features/ui';
import { notify } from '@/lib/notify';
import type { AdminAttribute, AttributeInput } from '@contract/admin';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { attributeQueries } from './attribute-queries';
import * as api from './taxonomy-api';

/*
 * The attribute changes as docs/behaviour.md#back-office-forms and docs/behaviour.md#validation
 * describe them. Updating or deleting needs the attribute's
 * id, else 'Missing attribute ID' before any request. Each change turns the global loading flag on,
 * cancels any change of the same kind still in flight, turns the flag off at the end and then
 * re-fetches the eager attribute list. Update and delete errors go to the caller
 * (docs/behaviour.md#error-texts), which offers `force` after a 409 `in_use`.
 */

export const MISSING_ATTRIBUTE_ID = 'Missing attribute ID';
const ATTRIBUTE_CREATED = 'Attribute created successfully!';

type Kind = 'create' | 'update' | 'delete' | 'deleteValue';

/** One controller per kind of change, shared by every screen: a new change aborts the older one. */
const inFlight = new Map<Kind, AbortController>();

async function refresh(queryClient: QueryClient) {
  await queryClient.invalidateQueries({ queryKey: attributeQueries.all(), refetchType: 'none' });
  // Variants show their attribute values in the shop: its product lists follow.
  void queryClient.invalidateQueries({ queryKey: productQueries.all() });
  await queryClient.prefetchQuery(attributeQueries.list(true));
}

async function change<T>(queryClient: QueryClient, kind: Kind, send: (signal: AbortSignal) => Promise<T>) {
  inFlight.get(kind)?.abort();
  const controller = new AbortController();
  inFlight.set(kind, controller);
  setGlobalLoading(true);
  try {
    return await send(controller.signal);
  } finally {
    if (inFlight.get(kind) === controller) inFlight.delete(kind);
    // A cancelled change leaves the flag to the one that replaced it.
    if (inFlight.size === 0) setGlobalLoading(false);
    if (!controller.signal.aborted) await refresh(queryClient);
  }
}

function requireId(attributeId: string | null | undefined): string {
  if (!attributeId) throw new Error(MISSING_ATTRIBUTE_ID);
  return attributeId;
}

/** An attribute as the forms hold it: the id is missing until the server made one. */
export type AttributeDraft = AttributeInput & { attributeId?: string | null };

export interface ChangeOptions {
  /** Repeat a change the server refused with 409 `in_use`, once the admin confirmed it. */
  force?: boolean;
}

/** The attribute changes bound to a query client (the hook below gives the app's). */
export function attributeActions(queryClient: QueryClient) {
  return {
    /** `POST v1/attribute`, then 'Attribute created successfully!'. */
    async create(input: AttributeInput): Promise<AdminAttribute> {
      const created = await change(queryClient, 'create', (signal) =>
        api.createAttribute({ name: input.name, values: input.values }, signal),
      );
      notify.success(ATTRIBUTE_CREATED);
      return created;
    },
    /** `PUT v1/attribute/{attributeId}` with the attribute without its id. */
    async update({ attributeId, name, values }: AttributeDraft, options: ChangeOptions = {}) {
      const id = requireId(attributeId);
      return change(queryClient, 'update', (signal) =>
        api.updateAttribute(id, { name, values }, { ...options, signal }),
      );
    },
    /** `DELETE v1/attribute/{attributeId}`. */
    async remove(attributeId: string | null | undefined, options: ChangeOptions = {}) {
      const id = requireId(attributeId);
      return change(queryClient, 'delete', (signal) => api.deleteAttribute(id, { ...options, signal }));
    },
    /** `DELETE v1/attribute/{attributeId}/value` with `{ value }`. */
    async removeValue(attributeId: string | null | undefined, value: string, options: ChangeOptions = {}) {
      const id = requireId(attributeId);
      return change(queryClient, 'deleteValue', (signal) =>
        api.deleteAttributeValue(id, value, { ...options, signal }),
      );
    },
  };
}

export type AttributeActions = ReturnType<typeof attributeActions>;

export function useAttributeActions(): AttributeActions {
  const queryClient = useQueryClient();
  return useMemo(() => attributeActions(queryClient), [queryClient]);
}
