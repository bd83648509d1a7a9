import { DELIVERY_AREAS } from '@contract/delivery-areas';
import { DEMO_USERS, resetAuthDb } from '@mocks/auth-db';
import { mockDb } from '@mocks/db';
import { adoptCatalogue } from '@/lib/i18n';
import { shopInfo } from '@/lib/shop-info';
import { renderApp } from '@/test/render-app';
import { placeOrderAsShopper, productNamed, putInServerCart, resetShop } from '@/test/shop';
import { signInAs } from '@/test/tokens';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import sw from './sw';

/*
 * Every screen a shopper sees, rendered in Kiswahili over the mock API, has no English left in it:
 * what the lint rule cannot see (texts built in .ts files, toasts, server refusals shown on a page,
 * constants). What the shop entered (product, category and area names, descriptions) and the
 * shopper's own details are data, not texts, and stay as they are.
 */

vi.setConfig({ testTimeout: 30_000 });

/** Words that only English texts use; a Kiswahili page shows none of them outside the shop's data. */
const ENGLISH =
  /\b(the|your|you|and|with|for|this|please|orders?|cart|price|delivery|sign|search|add|remove|total|items?|email|password|account|save|saved|cancel|back|home|more|help|loading|error|try|again|products?|categor(?:y|ies)|checkout|pay|payment|paid|view|see|all|left|only|stock|free|continue|next|close|menu|open|show|hide|quantity|change|edit|new|here|what|when|how|we|our|is|are|was|will|not|of|to|in|on|at|by|or|from|no)\b/i;

const b64 = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** The shop's data and the shopper's details, which no language changes. */
function dataTexts(): string[] {
  const { catalogue } = mockDb;
  return [
    ...catalogue.products.flatMap((p) => [
      p.name,
      p.description.replace(/<[^>]+>/g, ' '),
      ...(p.recipeTips ?? '').split(/<[^>]+>/),
      ...p.variants.map((v) => v.name),
    ]),
    ...catalogue.categories.map((c) => c.name),
    ...catalogue.attributes.flatMap((a) => [a.name, ...a.values]),
    ...DELIVERY_AREAS.map((a) => a.name),
    ...Object.values(DEMO_USERS).flatMap((u) => [u.name, u.email]),
    'Mpaka Road, Apt 4B',
    shopInfo.email,
    'M-Pesa',
    'WhatsApp',
  ]
    .filter((t) => t.trim().length > 1)
    .sort((a, b) => b.length - a.length);
}

/** The page's words and labels with the shop's data taken out. */
function shownTexts(): string {
  const labels = [...document.body.querySelectorAll('[aria-label],[placeholder],[title],[alt]')].flatMap(
    (el) => ['aria-label', 'placeholder', 'title', 'alt'].map((a) => el.getAttribute(a) ?? ''),
  );
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const words: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest('script, style')) words.push(node.textContent ?? '');
  }
  let text = [...words, ...labels, document.title].join('\n');
  for (const data of dataTexts()) text = text.split(data).join(' ');
  return text;
}

/** The lines of the page that still read as English. */
const englishLeft = () =>
  shownTexts()
    .split(/\n|(?<=[.!?])\s/)
    .map((line) => line.trim())
    .filter((line) => ENGLISH.test(line));

async function settled() {
  await screen.findByRole('main');
  await waitFor(() => {
    expect(document.querySelectorAll('.chakra-skeleton, [aria-busy="true"]')).toHaveLength(0);
    expect(screen.queryAllByRole('heading', { level: 1 }).length).toBeGreaterThan(0);
  });
}

const { shopper } = DEMO_USERS;
const signInShopper = () =>
  signInAs(
    { userId: shopper.id, type: 'customer', email: shopper.email, name: shopper.name },
    { jti: crypto.randomUUID() },
  );

beforeEach(() => {
  resetShop();
  adoptCatalogue('sw', sw);
  // Chosen on this device: a signed-in shopper's profile (English) then follows it, not the reverse.
  document.cookie = 'sokoni.lang=sw; Path=/';
});
afterEach(() => resetAuthDb());

describe('a guest’s pages in Kiswahili', () => {
  const tilapia = () => productNamed('Lake Victoria tilapia');
  it.each([
    ['the landing page', () => '/'],
    ['a category', () => `/view/category/${b64(mockDb.catalogue.categories[0]!.id)}`],
    ['a product', () => `/view/product/${b64(tilapia().id)}`],
    ['search results', () => '/search?q=tilapia'],
    ['the empty cart', () => '/cart'],
    ['More', () => '/more'],
    ['sign in', () => '/auth'],
    ['a page that does not exist', () => '/no-such-page'],
  ])('%s', async (_, path) => {
    renderApp(path());
    await settled();
    expect(englishLeft().join('\n')).toBe('');
  });
});

describe('a signed-in shopper’s pages in Kiswahili', () => {
  it.each([
    ['checkout', '/checkout'],
    ['the cart', '/cart'],
    ['the orders', '/account/orders'],
    ['the account', '/account/dashboard'],
    ['the profile', '/profile'],
    ['saved items', '/saved-items'],
  ])('%s', async (_, path) => {
    signInShopper();
    putInServerCart(shopper.id, 'Lake Victoria tilapia', 2);
    renderApp(path);
    await settled();
    expect(englishLeft().join('\n')).toBe('');
  });

  it('an order being paid', async () => {
    signInShopper();
    putInServerCart(shopper.id, 'Lake Victoria tilapia', 1);
    const order = await placeOrderAsShopper('0712345600');
    renderApp(`/account/orders/${order.orderId}`);
    await settled();
    expect(englishLeft().join('\n')).toBe('');
  });
});
