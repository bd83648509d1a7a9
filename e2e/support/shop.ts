import { expect, type Locator, type Page } from '@playwright/test';

/** Shillings from text such as "Sale price KSH 1,250.00". */
export function ksh(text: string | null): number {
  const match = /KSH\s*([\d,]+\.\d{2})/.exec(text ?? '');
  if (!match) throw new Error(`No KSH amount in ${JSON.stringify(text)}`);
  return Math.round(Number(match[1]!.replace(/,/g, '')) * 100) / 100;
}

/** The amount as the page writes it, at the end of the element's text (after any hidden label). */
export const money = (value: number) => {
  const text = `KSH ${value.toLocaleString('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  return new RegExp(`(^|\\s)${text.replace(/[.]/g, '\\.')}$`);
};

/** Product cards (in `within`, the whole page by default) whose Add to Cart can be pressed. */
export const buyableCards = (page: Page, within: Page | Locator = page) =>
  within
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: 'Add to Cart', disabled: false }) });

/** A card's name, once the app runs the page: callers press the card's buttons next (see appReady). */
export const cardName = async (card: Locator) => {
  const name = (await card.getByRole('heading').innerText()).trim();
  await appReady(card.page());
  return name;
};

/**
 * Waits until the app runs the page: a page the server drew is inert until its scripts take it over
 * (they start after the first frame), and a press before that does nothing. React marks the nodes
 * it owns; the header is the first thing every storefront page has.
 */
export const appReady = (page: Page) =>
  page.waitForFunction(() => {
    const node = document.querySelector('#root header, #root main');
    return !!node && Object.keys(node).some((key) => key.startsWith('__reactFiber'));
  });

/**
 * From the shop's header to the back office's dashboard, by an admin's account menu. The menu is
 * pressed again only while it is still shut: on a loaded two-core machine a press that landed while
 * the page was still settling has once left it shut (a run waited three minutes for it).
 */
export async function toDashboardFromShop(page: Page) {
  const dashboard = page.getByRole('menuitem', { name: 'Admin dashboard' });
  await expect(async () => {
    if (!(await dashboard.isVisible()))
      await page.getByRole('banner').getByRole('button', { name: 'Account' }).click();
    await expect(dashboard).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await dashboard.click();
  await expect(page.getByRole('heading', { name: 'Admin dashboard' })).toBeVisible({ timeout: 20_000 });
}
