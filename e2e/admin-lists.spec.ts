import { expect, test, type Page } from '@playwright/test';
import { admin, signInAs } from './support/session';

// Every back-office list fits its frame (issue 26): at 1280 and 1366 px each table fits or scrolls
// inside its frame, no cell's content runs over its neighbour and no button is cut off; on a phone
// (390 px) the list is cards inside the screen. Measured from the boxes the browser laid out.

const LOAD = { timeout: 20_000 };
const LISTS = [
  { path: 'products', name: 'Products' },
  { path: 'orders', name: 'Orders' },
  { path: 'discounts', name: 'Discounts' },
  { path: 'categories', name: 'Categories in landing-page order' },
  { path: 'attributes', name: 'Attributes' },
  { path: 'customers', name: 'Customers' },
  { path: 'staff', name: 'Staff' },
] as const;
/** The lists drawn as a table on a laptop (the others are cards at every width). */
const TABLES: readonly string[] = ['products', 'orders', 'discounts', 'customers'];

interface Box {
  left: number;
  right: number;
}

/** What the page breaks: each finding says where and by how many pixels. */
function measure(): string[] {
  const found: string[] = [];
  const px = (n: number) => `${Math.round(n)} px`;
  const label = (el: Element) =>
    `${el.tagName.toLowerCase()} “${(el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}”`;
  const docOver = document.documentElement.scrollWidth - window.innerWidth;
  if (docOver > 1) found.push(`the page scrolls sideways by ${px(docOver)}`);

  // Whatever an ancestor clips: a box is visible only inside every overflow-clipping ancestor.
  const visibleBox = (el: Element): Box => {
    const r = el.getBoundingClientRect();
    let box = { left: r.left, right: r.right };
    for (let a = el.parentElement; a; a = a.parentElement) {
      if (getComputedStyle(a).overflowX === 'visible') continue;
      const ar = a.getBoundingClientRect();
      box = { left: Math.max(box.left, ar.left), right: Math.min(box.right, ar.right) };
    }
    return { left: Math.max(box.left, 0), right: Math.min(box.right, window.innerWidth) };
  };

  const controls = [...document.querySelectorAll('main button, main a, main input, main select')].filter(
    (el) => el.getBoundingClientRect().width > 0,
  );
  for (const el of controls) {
    // A frame that scrolls may hide a control until scrolled to: bring it in view first.
    el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const r = el.getBoundingClientRect();
    const seen = visibleBox(el);
    const cut = r.width - Math.max(0, seen.right - seen.left);
    if (cut > 1) found.push(`${label(el)} is cut off by ${px(cut)}`);
  }

  for (const table of document.querySelectorAll('main table')) {
    const frame = table.parentElement!;
    const over = frame.scrollWidth - frame.clientWidth;
    if (over > 1 && !['auto', 'scroll'].includes(getComputedStyle(frame).overflowX))
      found.push(`the table is ${px(over)} wider than its frame, which does not scroll`);
    for (const row of table.querySelectorAll('tr')) {
      const cells = [...row.children];
      for (const cell of cells) {
        const c = cell.getBoundingClientRect();
        // Every box inside the cell stays inside it, so it never runs over the next column.
        for (const inner of cell.querySelectorAll('*')) {
          const r = inner.getBoundingClientRect();
          // Nothing laid out, or text only for screen readers (a 1 px clipped box).
          if (r.width <= 1) continue;
          const out = Math.max(c.left - r.left, r.right - c.right);
          if (out > 1) found.push(`${label(inner)} runs ${px(out)} out of its cell`);
        }
        // Text too: a long word or a no-wrap line overflowing the cell.
        for (const node of [...cell.querySelectorAll('*'), cell].flatMap((e) => [...e.childNodes])) {
          if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
          if (node.parentElement!.getBoundingClientRect().width <= 1) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          const r = range.getBoundingClientRect();
          const out = Math.max(c.left - r.left, r.right - c.right);
          if (out > 1)
            found.push(`the text “${node.textContent.trim().slice(0, 40)}” runs ${px(out)} out of its cell`);
        }
      }
    }
  }
  return [...new Set(found)];
}

/** Creates, by the API from the page, a discount over the five longest product names; answers its name. */
async function coveringLongNames(page: Page): Promise<string> {
  const name = `Long cover ${Date.now().toString(36)}`;
  const status = await page.evaluate(async (name) => {
    const headers = {
      Authorization: `Bearer ${localStorage.getItem('sokoni.token')}`,
      'Content-Type': 'application/json',
    };
    const list = (await (await fetch('/api/v1/admin/products?limit=50', { headers })).json()) as {
      data: { productId: string; name: string }[];
    };
    const longest = list.data.sort((a, b) => b.name.length - a.name.length).slice(0, 5);
    const now = Date.now();
    const body = {
      name,
      kind: 'percentage',
      value: 10,
      productIds: longest.map((p) => p.productId),
      categoryIds: [],
      startsAt: new Date(now).toISOString(),
      endsAt: new Date(now + 7 * 86_400_000).toISOString(),
      active: true,
      usageLimit: null,
    };
    return (await fetch('/api/v1/discounts', { method: 'POST', headers, body: JSON.stringify(body) })).status;
  }, name);
  expect(status).toBe(201);
  return name;
}

// One page per list, resized from laptop to phone: the measure needs no fresh load per width, and
// the list is the same one the admin would see turning a tablet or narrowing a window.
for (const list of LISTS) {
  test(`the ${list.path} list fits its frame at 1280 and 1366 px and is cards on a phone`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const user = await signInAs(page, testInfo.project.name, admin);
    await page.goto(`/admin/${user.userId}/${list.path}`);
    // Discounts: one covering the five longest product names, the list searched down to it.
    if (list.path === 'discounts') {
      await expect(page.getByRole('table', { name: list.name, exact: true })).toBeVisible(LOAD);
      const name = await coveringLongNames(page);
      await page.getByRole('searchbox', { name: 'Search discounts' }).fill(name);
      await expect(page.getByText(name, { exact: true })).toBeVisible(LOAD);
    }
    for (const width of [1280, 1366, 390]) {
      await test.step(`at ${width} px`, async () => {
        await page.setViewportSize({ width, height: 900 });
        const shown = page.getByRole(width < 768 || !TABLES.includes(list.path) ? 'list' : 'table', {
          name: list.name,
          exact: true,
        });
        await expect(shown).toBeVisible(LOAD);
        // Its first row (a table's first is its header).
        await expect(
          shown.locator('tr, li').nth((await shown.evaluate((el) => el.tagName)) === 'TABLE' ? 1 : 0),
        ).toBeVisible(LOAD);
        // Phones get cards, never a table.
        if (width < 768) await expect(page.getByRole('main').getByRole('table')).toHaveCount(0);
        expect.soft(await page.evaluate(measure), `at ${width} px`).toEqual([]);
      });
    }
  });
}
