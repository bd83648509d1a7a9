import { quietQueryClient, renderInRouter } from '@/test/render-app';
import { resetMockDb } from '@mocks/db';
import { screen } from '@testing-library/react';
import { Profiler } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { productQueries } from '../api/product-queries';
import { LANDING_FILTER } from '../model/listings';
import { ProductGrid } from './product-grid';

const cardsOnScreen = () => document.querySelectorAll('[data-testid="product-card"]').length;
const skeletonsOnScreen = () => document.querySelectorAll('[data-testid="product-card-skeleton"]').length;

describe('a product grid', () => {
  beforeEach(() => resetMockDb());

  it('opened with its products already loaded, draws its skeletons first and the cards in a later render', async () => {
    // As when a category is opened: its loader fetched the first page before the page mounts.
    const queryClient = quietQueryClient();
    await queryClient.prefetchInfiniteQuery(productQueries.infinite(LANDING_FILTER));
    const commits: { cards: number; skeletons: number }[] = [];

    renderInRouter(
      <Profiler
        id="grid"
        onRender={() => commits.push({ cards: cardsOnScreen(), skeletons: skeletonsOnScreen() })}
      >
        <h2 id="grid-heading">Our products</h2>
        <ProductGrid filter={LANDING_FILTER} labelledBy="grid-heading" empty={<p>No products</p>} />
      </Profiler>,
      queryClient,
    );

    expect(await screen.findAllByTestId('product-card', {}, { timeout: 5000 })).not.toHaveLength(0);
    // The tap that opened the page is answered by a light frame; 12 cards do not hold it up.
    expect(commits[0]).toEqual({ cards: 0, skeletons: LANDING_FILTER.limit });
    expect(commits.at(-1)!.cards).toBeGreaterThan(0);
    expect(skeletonsOnScreen()).toBe(0);
  });
});
