/**
 * Interaction to Next Paint of the storefront's everyday interactions on a cheap phone
 * (docs/design.md#budgets: each ≤ 100 ms with the CPU slowed 4×).
 *
 * Playwright drives the system Chromium at a 390 px wide phone viewport with the CPU slowed 4× (CDP
 * `Emulation.setCPUThrottlingRate`). The `web-vitals` library (attribution build) is put in each page
 * before its own scripts and reports INP through `onINP` with `reportAllChanges`, so each
 * interaction reports as soon as its frame is painted. Every run opens a fresh page (a new browser
 * context: empty guest cart, nothing cached), waits until the app runs the page and the network is
 * quiet, then does one interaction and reads the INP the page reported, so the figure is that
 * interaction's and no other's (INP is the worst interaction of a page).
 */
import { chromium, type Browser, type CDPSession, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { appReady } from '../../e2e/support/shop';
import { load1, round } from './harness';

export const INP_BUDGET_MS = 100;
export const CPU_SLOWDOWN = 4;
export const VIEWPORT = { width: 390, height: 844 } as const;

/** What web-vitals says about the interaction that set INP (attribution build). */
interface InpReport {
  value: number;
  target: string;
  type: string;
  inputDelayMs: number;
  processingMs: number;
  presentationDelayMs: number;
}

interface InteractionRun {
  inpMs: number;
  report: InpReport;
  loadAverage: number;
}

export interface InteractionResult {
  name: string;
  runs: InteractionRun[];
  medianMs: number;
  minMs: number;
  maxMs: number;
  met: boolean;
}

export interface InpTargets {
  baseUrl: string;
  /** A category page's path (the landing page's first category opens it). */
  categoryPath: string;
}

interface Scenario {
  name: string;
  /** Where the page opens, and what is done before the measured interaction (not measured). */
  path: string;
  prepare?: (page: Page) => Promise<void>;
  /** The measured interaction. */
  act: (page: Page) => Promise<void>;
}

const firstCard = (page: Page) =>
  page
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: 'Add to Cart', disabled: false }) })
    .first();

/**
 * Presses the middle of an element with the mouse as a person would: a move there, then down and up.
 * Not `locator.click()`, whose checks put listeners of Playwright's own on the page's pointer events,
 * which would then count in the interaction's processing time as if they were the shop's.
 */
async function press(page: Page, locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  if (!box) throw new Error('nothing to press: the element is not on the page');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** Puts the first buyable card of the landing page in the cart, then opens the page again. */
async function cartHolds(page: Page, quantity: number) {
  await firstCard(page).getByRole('button', { name: 'Add to Cart' }).click();
  const plus = page.getByRole('button', { name: /^Increase quantity of / }).first();
  for (let i = 1; i < quantity; i++) await plus.click();
  await page
    .getByRole('group', { name: /^Quantity of / })
    .first()
    .getByText(String(quantity))
    .waitFor();
  await page.reload();
}

const SCENARIOS: Scenario[] = [
  {
    name: 'add to cart',
    path: '/',
    act: (page) => press(page, firstCard(page).getByRole('button', { name: 'Add to Cart' })),
  },
  {
    name: '+ (quantity)',
    path: '/',
    prepare: (page) => cartHolds(page, 1),
    act: (page) => press(page, page.getByRole('button', { name: /^Increase quantity of / }).first()),
  },
  {
    name: '− (quantity)',
    path: '/',
    prepare: (page) => cartHolds(page, 2),
    act: (page) => press(page, page.getByRole('button', { name: /^Decrease quantity of / }).first()),
  },
  {
    name: 'open a category',
    path: '/',
    act: (page) =>
      press(page, page.getByRole('list', { name: 'Shop by category' }).getByRole('link').first()),
  },
  {
    name: 'open a product',
    path: 'category',
    act: (page) => press(page, page.getByRole('article').first().getByRole('heading').getByRole('link')),
  },
  {
    name: 'typing in search',
    path: '/search',
    // Seven key presses: the INP is the slowest of them.
    act: (page) =>
      page
        .getByRole('searchbox', { name: 'Search our products' })
        .pressSequentially('tilapia', { delay: 120 }),
  },
];

const require = createRequire(import.meta.url);
// The IIFE build (a global `webVitals`), beside the CommonJS one the package exports.
const WEB_VITALS = readFileSync(
  path.join(path.dirname(require.resolve('web-vitals/attribution')), 'web-vitals.attribution.iife.js'),
  'utf8',
);
/** Runs in the page before its scripts: every INP report lands in window.__inp. */
const OBSERVER = `
window.__inp = [];
webVitals.onINP((m) => {
  const a = m.attribution;
  window.__inp.push({
    value: m.value,
    target: a.interactionTarget,
    type: a.interactionType,
    inputDelayMs: a.inputDelay,
    processingMs: a.processingDuration,
    presentationDelayMs: a.presentationDelay,
  });
}, { reportAllChanges: true, durationThreshold: 0 });
`;

async function settle(page: Page) {
  await appReady(page);
  await page.waitForLoadState('networkidle');
  // Whatever the page still does after its data came (deferred renders, idle work) goes first.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestIdleCallback(() => setTimeout(() => requestIdleCallback(() => resolve()), 300), {
          timeout: 3_000,
        }),
      ),
  );
}

export type ActWrapper = (page: Page, cdp: CDPSession, act: () => Promise<void>) => Promise<void>;

async function measure(
  browser: Browser,
  targets: InpTargets,
  scenario: Scenario,
  wrap?: ActWrapper,
): Promise<InteractionRun> {
  const context = await browser.newContext({ viewport: VIEWPORT, isMobile: true, hasTouch: false });
  try {
    await context.addInitScript({ content: `${WEB_VITALS}\n${OBSERVER}` });
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const where = scenario.path === 'category' ? targets.categoryPath : scenario.path;
    await page.goto(targets.baseUrl + where);
    await settle(page);
    if (scenario.prepare) {
      await scenario.prepare(page);
      await settle(page);
    }
    await page.evaluate(() => ((window as unknown as { __inp: unknown[] }).__inp = []));
    await (wrap ? wrap(page, cdp, () => scenario.act(page)) : scenario.act(page));
    // The report comes once the interaction's frame is painted (and the observer has run).
    const handle = await page.waitForFunction(
      () => {
        const reports = (window as unknown as { __inp: { value: number }[] }).__inp;
        return reports.length ? reports : null;
      },
      undefined,
      { timeout: 15_000, polling: 100 },
    );
    // A later, slower key press of the same sequence may report after the first: take the last report.
    await page.waitForTimeout(500);
    const reports = (await page.evaluate(
      () => (window as unknown as { __inp: InpReport[] }).__inp,
    )) as InpReport[];
    await handle.dispose();
    const report = reports.at(-1)!;
    const rounded: InpReport = {
      ...report,
      inputDelayMs: round(report.inputDelayMs, 0),
      processingMs: round(report.processingMs, 0),
      presentationDelayMs: round(report.presentationDelayMs, 0),
    };
    return { inpMs: report.value, report: rounded, loadAverage: load1() };
  } finally {
    await context.close();
  }
}

export const INP_CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Runs every interaction `runs` times (interleaved, so a busy spell of the machine hits all alike). */
export async function measureInteractions(
  targets: InpTargets,
  {
    runs,
    chromiumPath,
    only,
    beforeRun,
    wrap,
  }: {
    runs: number;
    chromiumPath: string;
    only?: string[];
    beforeRun?: () => Promise<void>;
    /** Around each measured interaction (a CPU profile, say). */
    wrap?: ActWrapper;
  },
): Promise<InteractionResult[]> {
  const scenarios = SCENARIOS.filter((s) => !only?.length || only.some((o) => s.name.includes(o)));
  const browser = await chromium.launch({ executablePath: chromiumPath, args: INP_CHROME_FLAGS });
  const runsOf = new Map<string, InteractionRun[]>(scenarios.map((s) => [s.name, []]));
  try {
    for (let i = 0; i < runs; i++) {
      for (const scenario of scenarios) {
        await beforeRun?.();
        const run = await measure(browser, targets, scenario, wrap);
        runsOf.get(scenario.name)!.push(run);
        const r = run.report;
        console.log(
          `web bench: INP ${scenario.name} run ${i + 1}: ${run.inpMs} ms ` +
            `(${r.type} on ${r.target}: input delay ${r.inputDelayMs}, processing ${r.processingMs}, ` +
            `presentation ${r.presentationDelayMs}; load ${run.loadAverage})`,
        );
      }
    }
  } finally {
    await browser.close();
  }
  return scenarios.map((s) => {
    const list = runsOf.get(s.name)!;
    const sorted = list.map((r) => r.inpMs).sort((a, b) => a - b);
    const mid = sorted.length / 2;
    const medianMs =
      sorted.length % 2 ? sorted[Math.floor(mid)]! : round((sorted[mid - 1]! + sorted[mid]!) / 2, 0);
    return {
      name: s.name,
      runs: list,
      medianMs,
      minMs: sorted[0]!,
      maxMs: sorted.at(-1)!,
      met: medianMs <= INP_BUDGET_MS,
    };
  });
}
