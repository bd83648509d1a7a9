import { renderAppQuietly } from '@/test/render-app';
import { productNamed, resetShop } from '@/test/shop';
import { customer, signInAs } from '@/test/tokens';
import { snapshotOf } from '@contract/saved-news';
import { cartOf, commerceDb } from '@mocks/commerce-db';
import { mockDb } from '@mocks/db';
import { productDetail } from '@mocks/handlers/catalogue';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { movedToCart } from './saved-items-page';

vi.setConfig({ testTimeout: 15_000 });

function save(...names: string[]) {
  commerceDb.saved[customer.userId] = names.map((name, i) => ({
    productId: productNamed(name).id,
    savedAt: i,
  }));
}

describe('the saved items page', () => {
  beforeEach(() => {
    resetShop();
    signInAs(customer);
  });

  it('says when nothing is saved', async () => {
    renderAppQuietly('/saved-items');
    expect(await screen.findByText('No saved items yet')).toBeInTheDocument();
  });

  it("shows saved products with today's price and stock, moves one to the cart in one click, and removes another", async () => {
    save('Omena', 'Hass avocado');
    productNamed('Omena').variants[0]!.quantity = 4;
    const { user } = renderAppQuietly('/saved-items');
    const list = await screen.findByRole('list', { name: 'Your saved items' });
    const avocado = within(list).getByRole('article', { name: 'Hass avocado' });
    const omena = within(list).getByRole('article', { name: 'Omena' });
    // Newest saved first; the sale shows as on any card.
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Hass avocado', 'Omena']);
    expect(within(avocado).getByText('SAVE 10%')).toBeInTheDocument();
    expect(within(avocado).getByTestId('price')).toHaveTextContent('KSH 36.00');
    expect(within(omena).getByText('Only 4 left')).toBeInTheDocument();

    await user.click(within(omena).getByRole('button', { name: 'Move Omena to cart' }));
    expect(await screen.findByText(movedToCart('Omena'))).toBeInTheDocument();
    await waitFor(() =>
      expect(within(list).queryByRole('article', { name: 'Omena' })).not.toBeInTheDocument(),
    );
    expect(cartOf(customer.userId)).toMatchObject([{ productId: productNamed('Omena').id, quantity: 1 }]);
    expect(commerceDb.saved[customer.userId]!.map((s) => s.productId)).toEqual([
      productNamed('Hass avocado').id,
    ]);
    expect(
      await within(screen.getByRole('banner')).findByRole('link', { name: 'Cart, 1 item' }),
    ).toBeInTheDocument();

    await user.click(within(avocado).getByRole('button', { name: 'Remove Hass avocado' }));
    expect(await screen.findByText('No saved items yet')).toBeInTheDocument();
  });

  it('says what changed since each product was saved: cheaper, back in stock, or dearer', async () => {
    const omena = productNamed('Omena');
    const rice = productNamed('Pishori rice');
    const tilapia = productNamed('Lake Victoria tilapia');
    // The price each card shows today (after any discount), as the snapshot would have recorded it.
    const priceOf = (p: typeof omena) =>
      snapshotOf(productDetail(p, mockDb.catalogue, new Date()).variants).priceThen!;
    commerceDb.saved[customer.userId] = [
      // Saved at 40 shillings more than today, while rice was sold out, and tilapia cheaper than now.
      { productId: omena.id, savedAt: 3, priceThen: priceOf(omena) + 40, inStockThen: true },
      { productId: rice.id, savedAt: 2, priceThen: priceOf(rice), inStockThen: false },
      { productId: tilapia.id, savedAt: 1, priceThen: priceOf(tilapia) - 20, inStockThen: true },
    ];
    renderAppQuietly('/saved-items');
    const list = await screen.findByRole('list', { name: 'Your saved items' });

    expect(
      within(within(list).getByRole('article', { name: 'Omena' })).getByText(
        'KSH 40.00 cheaper than when you saved it',
      ),
    ).toBeInTheDocument();
    expect(
      within(within(list).getByRole('article', { name: 'Pishori rice' })).getByText(
        'Back in stock since you saved it',
      ),
    ).toBeInTheDocument();
    expect(
      within(within(list).getByRole('article', { name: 'Lake Victoria tilapia' })).getByText(
        'KSH 20.00 more than when you saved it',
      ),
    ).toBeInTheDocument();
  });

  it('says nothing new when nothing changed, or for items saved before the shop kept their price', async () => {
    save('Omena');
    renderAppQuietly('/saved-items');
    const omena = within(await screen.findByRole('list', { name: 'Your saved items' })).getByRole('article', {
      name: 'Omena',
    });
    expect(within(omena).queryByText(/since you saved it|when you saved it/)).not.toBeInTheDocument();
  });

  it('cannot move a sold-out product to the cart', async () => {
    save('Omena');
    productNamed('Omena').variants[0]!.quantity = 0;
    renderAppQuietly('/saved-items');
    const omena = await screen.findByRole('article', { name: 'Omena' });
    expect(within(omena).getByRole('button', { name: 'Move Omena to cart' })).toBeDisabled();
    expect(within(omena).getByText('Out of Stock')).toBeInTheDocument();
  });
});
