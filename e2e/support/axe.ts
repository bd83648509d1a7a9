import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: what the issue holds the shop to. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Waits (up to 3 s) for the page's running animations that end (a drawer sliding and fading in, a
 * toast, a ripple) to end; endless ones (a skeleton's pulse) are left running. axe measures colours
 * as drawn, and mid-fade text and background blend with what is behind them: the menu drawer's
 * active link read 3.96:1 while the drawer was still fading in (e2e/a11y.spec.ts, Chromium 156). It
 * looks again two frames after each wait, since a toast mounted a moment ago starts its fade only
 * then (a success toast read 4.16:1 when axe came before its transition had begun).
 */
async function animationsDone(page: Page) {
  await page.evaluate(async () => {
    const deadline = performance.now() + 3_000;
    const frames = () =>
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (;;) {
      await frames();
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
      const left = deadline - performance.now();
      if (running.length === 0 || left <= 0) return;
      await Promise.race([
        Promise.all(running.map((a) => a.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, left)),
      ]);
    }
  });
}

/**
 * Runs axe on the page once its animations are done (or on `include`, a part of it) and fails on any
 * serious or critical WCAG A/AA violation, listing each one (rule, impact, the elements, what to
 * fix) so a failure reads without opening the trace. `where` names the page in the message.
 */
export async function expectNoSeriousA11yViolations(page: Page, where: string, include?: string) {
  await animationsDone(page);
  let builder = new AxeBuilder({ page }).withTags(WCAG_AA);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  const report = blocking
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 8)
        .map(
          (n) =>
            `    - ${n.target.join(' ')}: ${n.html.slice(0, 160)}\n` +
            `      ${n.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`,
        )
        .join('\n');
      const more = v.nodes.length > 8 ? `\n    … and ${v.nodes.length - 8} more` : '';
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    })
    .join('\n');
  expect
    .soft(blocking.length, `axe on ${where}: ${blocking.length} serious/critical violation(s)\n${report}`)
    .toBe(0);
}

/**
 * Every field marked invalid (`aria-invalid="true"`) on the page points, by `aria-errormessage` (how
 * Chakra's Field links its ErrorText, which is also a polite live region) or `aria-describedby`, at
 * an element that exists and says something, so a screen reader reads the error with the field.
 * Fails when no field is invalid: call it where the form has just refused its input.
 */
export async function expectFieldErrorsAnnounced(page: Page, where: string) {
  const fields = await page.locator('[aria-invalid="true"]').evaluateAll((elements) =>
    elements.map((el) => {
      const refs = `${el.getAttribute('aria-errormessage') ?? ''} ${el.getAttribute('aria-describedby') ?? ''}`;
      const ids = refs.split(/\s+/).filter(Boolean);
      const text = ids
        .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
        .join(' ')
        .trim();
      const label =
        el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.id;
      return { field: label.trim(), error: text };
    }),
  );
  expect.soft(fields.length, `${where}: some field is marked invalid`).toBeGreaterThan(0);
  const silent = fields.filter((f) => !f.error).map((f) => f.field);
  expect.soft(silent, `${where}: invalid fields without a described error`).toEqual([]);
}
