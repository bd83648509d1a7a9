import { attributeQueries } from '@/features/admin-taxonomy';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateCatalogue } from './admin-queries';

describe('the catalogue queries', () => {
  it('refresh after a product write the attributes the Attributes page and the product form share', async () => {
    const queryClient = new QueryClient();
    const eager = attributeQueries.list(true).queryKey;
    queryClient.setQueryData(eager, { count: 0, rows: [] });
    await invalidateCatalogue(queryClient);
    // One cache entry: the value counts a save changed show on both screens.
    expect(queryClient.getQueryState(eager)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryCache().findAll({ queryKey: ['admin', 'attributes'] })).toHaveLength(0);
  });
});
