import { wireSession } from '@/app/session-wiring';
import { CartControl } from '@/features/cart';
import { ProductCard } from '@/features/catalogue';
import { renderInRouter } from '@/test/render-app';
import { productView, resetShop } from '@/test/shop';
import { admin, customer, signInAs } from '@/test/tokens';
import { commerceDb } from '@mocks/commerce-db';
import { mockDb } from '@mocks/db';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { SAVED, UNSAVED } from '../hooks/use-saved';
import { SaveButton, SIGN_IN_TO_SAVE } from './save-button';

vi.setConfig({ testTimeout: 15_000 });

function renderCard(name: string) {
  onTestFinished(wireSession());
  const view = productView(name);
  return renderInRouter(
    <ProductCard
      product={view}
      action={<CartControl product={view} />}
      save={<SaveButton productId={view.productId} name={view.name} size="sm" />}
    />,
  );
}

const savedIds = () => (commerceDb.saved[customer.userId] ?? []).map((s) => s.productId);

describe('the heart on a product card', () => {
  beforeEach(() => resetShop());

  it('saves and unsaves the product for a signed-in shopper', async () => {
    signInAs(customer);
    const { user } = renderCard('Omena');
    const card = await screen.findByRole('article', { name: 'Omena' });
    const heart = within(card).getByRole('button', { name: 'Save Omena' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');

    await user.click(heart);
    expect(await screen.findByText(SAVED)).toBeInTheDocument();
    await waitFor(() =>
      expect(savedIds()).toEqual([mockDb.catalogue.products.find((p) => p.name === 'Omena')!.id]),
    );
    const saved = await within(card).findByRole('button', { name: 'Remove Omena from Saved Items' });
    expect(saved).toHaveAttribute('aria-pressed', 'true');

    await user.click(saved);
    expect(await screen.findByText(UNSAVED)).toBeInTheDocument();
    await waitFor(() => expect(savedIds()).toEqual([]));
    expect(await within(card).findByRole('button', { name: 'Save Omena' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('asks a guest to sign in and come back here', async () => {
    const { user, router } = renderCard('Omena');
    await user.click(await screen.findByRole('button', { name: 'Save Omena' }));
    expect(await screen.findByText(SIGN_IN_TO_SAVE, { exact: false })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Sign in' });
    expect(link).toHaveAttribute('href', '/auth?redirect=%2F');
    expect(commerceDb.saved).toEqual({});
    await user.click(link);
    // The stand-alone test router has no /auth route; the navigation itself is what counts.
    await waitFor(() => expect(router.state.location.href).toBe('/auth?redirect=%2F'));
  });

  it('is not offered to admins, and neither is the cart', async () => {
    signInAs(admin);
    renderCard('Omena');
    const card = await screen.findByRole('article', { name: 'Omena' });
    expect(within(card).queryByRole('button', { name: 'Save Omena' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
  });
});
