import { wireSession } from '@/app/session-wiring';
import { CartControl } from '@/features/cart';
import { ProductCard } from '@/features/catalogue';
import { adoptCatalogue } from '@/lib/i18n';
import sw from '@/locales/sw';
import { renderAppQuietly, renderInRouter } from '@/test/render-app';
import { productNamed, productView, resetShop } from '@/test/shop';
import { customer, signInAs } from '@/test/tokens';
import { snapshotOf } from '@contract/saved-news';
import { commerceDb } from '@mocks/commerce-db';
import { mockDb } from '@mocks/db';
import { productDetail } from '@mocks/handlers/catalogue';
import { server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { SaveButton } from './save-button';

/** Kiswahili chosen on this device (the cookie), as the switch leaves it: a signed-in profile follows it. */
function chooseKiswahili() {
  document.cookie = 'sokoni.lang=sw; Path=/';
  onTestFinished(() => {
    document.cookie = 'sokoni.lang=; Path=/; Max-Age=0';
  });
  adoptCatalogue('sw', sw);
}

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

/** The saved-items POST refused as the server refuses a product it does not know. */
const refuseUnknownProduct = () =>
  server.use(
    http.post('*/api/v1/saved-items', () =>
      HttpResponse.json(
        { code: 'not_found', message: 'Product was not found. Correlation ID: c-1' },
        { status: 404 },
      ),
    ),
  );

describe('saved items in Kiswahili', () => {
  beforeEach(() => {
    resetShop();
    chooseKiswahili();
  });

  it('says when nothing is saved, under the page’s Kiswahili heading and title', async () => {
    signInAs(customer);
    renderAppQuietly('/saved-items');
    expect(await screen.findByRole('heading', { name: 'Bado hujahifadhi bidhaa' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Bidhaa ulizohifadhi' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Angalia bidhaa' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Sokoni | Bidhaa ulizohifadhi'));
    expect(screen.queryByText('No saved items yet')).not.toBeInTheDocument();
    expect(screen.queryByText('Browse products')).not.toBeInTheDocument();
  });

  it('shows what changed and how few are left, and moves a product to the cart, in Kiswahili', async () => {
    signInAs(customer);
    const omena = productNamed('Omena');
    const rice = productNamed('Pishori rice');
    omena.variants[0]!.quantity = 1;
    rice.variants[0]!.quantity = 4;
    const priceOf = (p: typeof omena) =>
      snapshotOf(productDetail(p, mockDb.catalogue, new Date()).variants).priceThen!;
    commerceDb.saved[customer.userId] = [
      { productId: omena.id, savedAt: 2, priceThen: priceOf(omena) + 40, inStockThen: true },
      { productId: rice.id, savedAt: 1, priceThen: priceOf(rice), inStockThen: false },
    ];
    const { user } = renderAppQuietly('/saved-items');
    const list = await screen.findByRole('list', { name: 'Bidhaa ulizohifadhi' });
    const omenaCard = within(list).getByRole('article', { name: 'Omena' });
    const riceCard = within(list).getByRole('article', { name: 'Pishori rice' });
    expect(within(omenaCard).getByText('Imeshuka kwa KSH 40.00 tangu uihifadhi')).toBeInTheDocument();
    expect(within(omenaCard).getByText('Imebaki 1 tu')).toBeInTheDocument();
    expect(within(riceCard).getByText('Inapatikana tena tangu uihifadhi')).toBeInTheDocument();
    expect(within(riceCard).getByText('Zimebaki 4 tu')).toBeInTheDocument();
    expect(within(riceCard).getByRole('button', { name: 'Ondoa Pishori rice' })).toBeInTheDocument();
    expect(screen.queryByText(/when you saved it|since you saved it|left$/)).not.toBeInTheDocument();

    await user.click(within(omenaCard).getByRole('button', { name: 'Hamishia Omena kikapuni' }));
    expect(await screen.findByText('Omena imehamishiwa kwenye kikapu chako')).toBeInTheDocument();
  });

  it('asks a guest to sign in, and tells a shopper the heart’s outcome, in Kiswahili', async () => {
    const guest = renderCard('Omena');
    await guest.user.click(await screen.findByRole('button', { name: 'Hifadhi Omena' }));
    expect(
      await screen.findByText('Ingia ili uhifadhi bidhaa kwa ajili ya baadaye.', { exact: false }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ingia' })).toHaveAttribute('href', '/auth?redirect=%2F');
    expect(screen.queryByText(/Sign in to save/)).not.toBeInTheDocument();
    guest.unmount();

    signInAs(customer);
    const { user } = renderCard('Omena');
    await user.click(await screen.findByRole('button', { name: 'Hifadhi Omena' }));
    expect(await screen.findByText('Imehifadhiwa kwenye bidhaa ulizohifadhi')).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Ondoa Omena kwenye bidhaa ulizohifadhi' }),
    ).toHaveAttribute('aria-pressed', 'true');
  });

  it('words a refusal it knows in Kiswahili', async () => {
    signInAs(customer);
    refuseUnknownProduct();
    const { user } = renderCard('Omena');
    await user.click(await screen.findByRole('button', { name: 'Hifadhi Omena' }));
    expect(await screen.findByText('Bidhaa haikupatikana.')).toBeInTheDocument();
    expect(screen.queryByText('Product was not found.')).not.toBeInTheDocument();
  });
});

describe('a refusal of the heart in English', () => {
  beforeEach(() => resetShop());

  it("keeps the server's words", async () => {
    signInAs(customer);
    refuseUnknownProduct();
    const { user } = renderCard('Omena');
    await user.click(await screen.findByRole('button', { name: 'Save Omena' }));
    expect(await screen.findByText('Product was not found.')).toBeInTheDocument();
  });
});
