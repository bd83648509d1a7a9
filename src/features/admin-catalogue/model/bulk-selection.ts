import type { AdminProductParams } from '@contract/admin';
import type { ProductBulkRequest } from '@contract/admin-bulk';
import { useState } from 'react';

/** What a bulk edit acts on: the ticked rows, or every product the table's filters match. */
export type BulkTarget = ProductBulkRequest['target'];

interface Selection {
  /** The table state the ticks were made on: a new filter, sort or page starts over. */
  scope: string;
  ids: ReadonlySet<string>;
  /** "All N matching the filter", beyond the page on screen. */
  allMatching: boolean;
}

const fresh = (scope: string): Selection => ({ scope, ids: new Set(), allMatching: false });

/**
 * The products table's ticks. They belong to one table state (`params`, the list call): when the
 * filters, the sort or the page change the selection is cleared, so a bulk edit never acts on rows
 * the admin no longer sees.
 */
export function useBulkSelection(params: AdminProductParams, pageIds: readonly string[], total: number) {
  const scope = JSON.stringify(params);
  const [state, setState] = useState<Selection>(() => fresh(scope));
  // A new table state: start over (set during render, so no frame shows the old ticks).
  if (state.scope !== scope) setState(fresh(scope));
  const current = state.scope === scope ? state : fresh(scope);

  const pageSelected =
    pageIds.length > 0 && pageIds.every((id) => current.allMatching || current.ids.has(id));
  const count = current.allMatching ? total : current.ids.size;
  const target: BulkTarget = current.allMatching
    ? { filter: { q: params.q, categoryId: params.categoryId, status: params.status } }
    : { productIds: [...current.ids] };

  const update = (ids: Set<string>) => setState({ scope, ids, allMatching: false });
  return {
    count,
    /** How many products the filters match in all. */
    total,
    pageSize: pageIds.length,
    target,
    allMatching: current.allMatching,
    pageSelected,
    /** Some but not all of the page (the header box's third state). */
    pagePartly: !pageSelected && pageIds.some((id) => current.ids.has(id)),
    /** The whole page is ticked and more match: offer "all N matching". */
    canSelectAllMatching: pageSelected && !current.allMatching && total > pageIds.length,
    isSelected: (id: string) => current.allMatching || current.ids.has(id),
    toggle(id: string, on: boolean) {
      // Unticking one of "all matching" leaves the rest of the page ticked.
      const ids = new Set(current.allMatching ? pageIds : current.ids);
      if (on) ids.add(id);
      else ids.delete(id);
      update(ids);
    },
    togglePage(on: boolean) {
      update(on ? new Set([...current.ids, ...pageIds]) : new Set());
    },
    selectAllMatching: () => setState({ scope, ids: new Set(pageIds), allMatching: true }),
    clear: () => setState(fresh(scope)),
  };
}
export type BulkSelection = ReturnType<typeof useBulkSelection>;
