/**
 * Web performance benchmark (docs/design.md#budgets: JS loaded by the landing page ≤ 150 KB gzip; Lighthouse
 * mobile performance ≥ 95 on /, a category, a product and /search).
 *
 * Builds the storefront (vite build, into .tmp/bench-web so dist/ is left alone), starts the real
 * server on a fresh PGlite data directory (seeded with the sample catalogue) serving that build, and
 * runs Lighthouse 12 (default = mobile preset: Moto G Power emulation, simulated slow 4G and 4× CPU
 * slowdown; performance category only) on each page with the system Chromium, several times,
 * keeping the median run. The landing page's JS is measured from the build itself: the entry of
 * index.html and everything it imports statically, each gzipped.
 *
 *   npm run bench:web
 *   npm run bench:web -- --runs 5 --skip-build
 *
 * Then it measures Interaction to Next Paint of add to cart, + and −, opening a category, opening a
 * product and typing in search on a 390 px phone with the CPU slowed 4× (bench/lib/inp.ts), each
 * `--inp-runs` times, against the same build and server.
 *
 *   npm run bench:web -- --only inp --inp-runs 5          # INP only (no Lighthouse)
 *   npm run bench:web -- --only inp --interactions search # some interactions only
 *
 * Writes bench/results/web.json and web.md (Lighthouse, landing JS) and web-inp.json and web-inp.md
 * (INP). Exits 1 when a budget is missed.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { load1, machine, quietMachine, round, startServer, writeResults } from './lib/harness';
import {
  CPU_SLOWDOWN,
  INP_BUDGET_MS,
  INP_CHROME_FLAGS,
  measureInteractions,
  VIEWPORT,
  type InteractionResult,
} from './lib/inp';
import { LANDING_JS_BUDGET_KB, landingJs, type LandingJs } from './lib/landing-js';

const BUDGET = { score: 95, accessibility: 100, landingJsGzipKB: LANDING_JS_BUDGET_KB } as const;
const ROOT = path.resolve(import.meta.dirname, '..');
const OUT_DIR = path.join(ROOT, '.tmp/bench-web');
const RESULTS_DIR = path.join(ROOT, 'bench/results');
const LHR_DIR = path.join(RESULTS_DIR, 'lighthouse');
const BEFORE_FILE = path.join(RESULTS_DIR, 'web-before.json');
const INP_BEFORE_FILE = path.join(RESULTS_DIR, 'web-inp-before.json');
const slug = (name: string) =>
  name
    .replace(/\(.*\)/, (m) => `-${m.slice(1, -1)}`)
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'skip-build': { type: 'boolean', default: false },
    'quiet-load': { type: 'string', default: '2.5' },
    'quiet-wait': { type: 'string', default: '300' },
    // Record this run as the "before" that later runs are compared with (bench/results/web-before.json,
    // web-inp-before.json).
    baseline: { type: 'boolean', default: false },
    // 'lighthouse' or 'inp': one half only.
    only: { type: 'string' },
    'inp-runs': { type: 'string', default: '5' },
    // Comma-separated parts of interaction names ("cart,search").
    interactions: { type: 'string' },
  },
});
const RUNS = Number(args.runs);
const INP_RUNS = Number(args['inp-runs']);
const RUN_LIGHTHOUSE = args.only !== 'inp';
const RUN_INP = args.only !== 'lighthouse';

interface PageRun {
  /** null when Lighthouse could not score the page (see `error`). */
  score: number | null;
  /** Lighthouse's accessibility score (0–100). */
  accessibility: number | null;
  error: string | null;
  metrics: {
    fcpMs: number | null;
    lcpMs: number | null;
    tbtMs: number | null;
    cls: number | null;
    speedIndexMs: number | null;
  };
  scriptTransferKB: number;
  opportunities: {
    id: string;
    title: string;
    savingsMs: number | null;
    savingsKB: number | null;
    display: string;
  }[];
  loadAverage: number;
}

interface PageResult {
  name: string;
  path: string;
  runs: PageRun[];
  median: PageRun;
  met: boolean;
}

// Loose shapes of the parts of a Lighthouse result read here.
interface Audit {
  id: string;
  title: string;
  score: number | null;
  numericValue?: number;
  errorMessage?: string;
  displayValue?: string;
  metricSavings?: Record<string, number>;
  details?: {
    type?: string;
    overallSavingsMs?: number;
    overallSavingsBytes?: number;
    items?: { resourceType?: string; transferSize?: number }[];
  };
}

async function lighthouseRun(
  url: string,
  port: number,
  headers?: Record<string, string>,
): Promise<{ run: PageRun; lhr: unknown }> {
  const result = await lighthouse(url, {
    port,
    // A visitor's language choice (the sokoni.lang cookie) goes with every request of the page.
    ...(headers ? { extraHeaders: headers } : {}),
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const lhr = result.lhr;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  const audits = lhr.audits as unknown as Record<string, Audit>;
  const perfAuditIds = new Set(lhr.categories.performance!.auditRefs.map((r) => r.id));
  const num = (id: string) => {
    const v = audits[id]?.numericValue;
    return typeof v === 'number' && Number.isFinite(v)
      ? round(v, id === 'cumulative-layout-shift' ? 3 : 0)
      : null;
  };
  const score = lhr.categories.performance!.score;
  // A metric Lighthouse could not compute (NO_LCP: nothing contentful painted) leaves the page unscored.
  const failed = Object.values(audits).find((a) => perfAuditIds.has(a.id) && a.errorMessage);
  const opportunities = Object.values(audits)
    .filter((a) => perfAuditIds.has(a.id) && a.score !== null && a.score < 0.9)
    .map((a) => {
      const savingsMs =
        a.details?.overallSavingsMs ??
        (a.metricSavings
          ? Math.max(0, ...Object.values(a.metricSavings).filter((v) => typeof v === 'number'))
          : null);
      return {
        id: a.id,
        title: a.title,
        savingsMs: savingsMs === null ? null : round(savingsMs, 0),
        savingsKB: a.details?.overallSavingsBytes ? round(a.details.overallSavingsBytes / 1024, 1) : null,
        display: a.displayValue ?? '',
      };
    })
    .filter((o) => (o.savingsMs ?? 0) > 0 || (o.savingsKB ?? 0) > 0)
    .sort((x, y) => (y.savingsMs ?? 0) - (x.savingsMs ?? 0) || (y.savingsKB ?? 0) - (x.savingsKB ?? 0));
  const scripts = (audits['network-requests']?.details?.items ?? []).filter(
    (i) => i.resourceType === 'Script',
  );
  const a11y = lhr.categories.accessibility?.score;
  const run: PageRun = {
    score: score === null || failed ? null : Math.round(score * 100),
    accessibility: typeof a11y === 'number' ? Math.round(a11y * 100) : null,
    error: failed ? `${failed.id}: ${failed.errorMessage}` : null,
    metrics: {
      fcpMs: num('first-contentful-paint'),
      lcpMs: num('largest-contentful-paint'),
      tbtMs: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      speedIndexMs: num('speed-index'),
    },
    scriptTransferKB: round(scripts.reduce((n, i) => n + (i.transferSize ?? 0), 0) / 1024, 1),
    opportunities,
    loadAverage: load1(),
  };
  return { run, lhr };
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP on a busy machine): try again, twice. */
async function lighthouseRetrying(
  url: string,
  port: number,
  headers?: Record<string, string>,
): Promise<{ run: PageRun; lhr: unknown }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(url, port, headers);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.warn(`web bench: ${(error as Error).message}; running it again`);
    }
  }
}

const b64 = (text: string) => Buffer.from(text).toString('base64url');
const ms = (v: number | null) => (v === null ? '–' : `${v} ms`);

async function main() {
  const meta = machine();
  if (!args['skip-build'] || !existsSync(path.join(OUT_DIR, 'index.html'))) {
    console.log('web bench: building the storefront into .tmp/bench-web…');
    const build = spawnSync(
      process.execPath,
      [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', OUT_DIR, '--emptyOutDir'],
      { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (build.status !== 0) throw new Error('vite build failed');
  }
  const js = landingJs(OUT_DIR);
  console.log(`web bench: landing page JS ${js.totalGzipKB} KB gzip (${js.files.length} files)`);

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sokoni-bench-web-'));
  const server = await startServer({
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '', // PGlite in DATA_DIR, seeded at start
    DATA_DIR: dataDir,
    STATIC_DIR: OUT_DIR,
  });
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  const pages: PageResult[] = [];
  let interactions: InteractionResult[] = [];
  try {
    const api = async <T>(p: string) =>
      ((await (await fetch(server.baseUrl + p)).json()) as { data: T }).data;
    const categories = await api<{ rows: { categoryId: string; name: string }[] }>('/api/v1/categories');
    const category = categories.rows[0]!;
    const res = await fetch(`${server.baseUrl}/api/v2/products?limit=1&categoryId=${category.categoryId}`);
    const product = ((await res.json()) as { data: { productId: string; name: string }[] }).data[0]!;
    const targets: { name: string; path: string; headers?: Record<string, string> }[] = [
      { name: 'home', path: '/' },
      // The landing page in Kiswahili: its own rendered page and only its language's catalogue.
      { name: 'home (Kiswahili)', path: '/', headers: { Cookie: 'sokoni.lang=sw' } },
      { name: `category (${category.name})`, path: `/view/category/${b64(category.categoryId)}` },
      {
        name: `product (${product.name})`,
        path: `/view/product/${b64(product.productId)}?c=${b64(category.categoryId)}`,
      },
      { name: 'search', path: '/search' },
      { name: 'search (tilapia)', path: '/search?q=tilapia' },
      { name: 'cart', path: '/cart' },
    ];
    if (RUN_LIGHTHOUSE)
      chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
    for (const t of RUN_LIGHTHOUSE ? targets : []) {
      const results: { run: PageRun; lhr: unknown }[] = [];
      // A shop that has been up answers its public pages from the rendered-HTML cache (re-rendered in
      // the background, server/lib/ssr.ts); the first visitor after a start pays the render, so one
      // request goes first.
      await (await fetch(server.baseUrl + t.path, { headers: t.headers })).arrayBuffer();
      for (let i = 0; i < RUNS; i++) {
        await quietMachine(Number(args['quiet-load']), Number(args['quiet-wait']));
        results.push(await lighthouseRetrying(server.baseUrl + t.path, chrome!.port, t.headers));
      }
      const sorted = [...results].sort((a, b) => (a.run.score ?? -1) - (b.run.score ?? -1));
      const middle = sorted[Math.floor(sorted.length / 2)]!;
      const runs = results.map((r) => r.run);
      const median = middle.run;
      // Lighthouse's own report of the median run, beside the summary.
      await mkdir(LHR_DIR, { recursive: true });
      await writeFile(
        path.join(LHR_DIR, `${slug(t.name)}${args.baseline ? '.before' : ''}.json`),
        JSON.stringify(middle.lhr),
      );
      pages.push({ ...t, runs, median, met: median.score !== null && median.score >= BUDGET.score });
      console.log(
        `web bench: ${t.name}: score ${median.score ?? `n/a (${median.error})`} (runs ${runs.map((r) => r.score ?? 'n/a').join(', ')}), ` +
          `LCP ${median.metrics.lcpMs} ms, TBT ${median.metrics.tbtMs} ms, CLS ${median.metrics.cls}`,
      );
    }
    chrome?.kill();
    chrome = null;
    if (RUN_INP) {
      for (const t of targets) await (await fetch(server.baseUrl + t.path)).arrayBuffer();
      interactions = await measureInteractions(
        { baseUrl: server.baseUrl, categoryPath: targets[1]!.path },
        {
          runs: INP_RUNS,
          chromiumPath: CHROMIUM,
          only: args.interactions?.split(','),
          beforeRun: () =>
            quietMachine(Number(args['quiet-load']), Number(args['quiet-wait'])).then(() => {}),
        },
      );
    }
  } finally {
    chrome?.kill();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }

  const jsMet = js.totalGzipKB <= BUDGET.landingJsGzipKB;
  const inpMet = interactions.every((i) => i.met);
  if (RUN_INP) await reportInteractions(meta, interactions);
  if (!RUN_LIGHTHOUSE) {
    if (!inpMet) process.exitCode = 1;
    return;
  }
  const json = {
    ...meta,
    budget: BUDGET,
    runsPerPage: RUNS,
    chromium: CHROMIUM,
    chromeFlags: CHROME_FLAGS,
    landingJs: js,
    pages,
  };
  if (args.baseline) {
    await writeFile(BEFORE_FILE, JSON.stringify(json, null, 2) + '\n');
    console.log('wrote bench/results/web-before.json');
    return;
  }
  const before = existsSync(BEFORE_FILE) ? (JSON.parse(readFileSync(BEFORE_FILE, 'utf8')) as Before) : null;
  await writeResults('web', json, markdown(meta, js, jsMet, pages, before));
  if (!jsMet || !inpMet || pages.some((p) => !p.met)) process.exitCode = 1;
}

interface InpBefore {
  date: string;
  interactions: InteractionResult[];
}

/** bench/results/web-inp.{json,md} (or, with --baseline, web-inp-before.json). */
async function reportInteractions(meta: ReturnType<typeof machine>, interactions: InteractionResult[]) {
  const json = {
    ...meta,
    budgetMs: INP_BUDGET_MS,
    cpuSlowdown: CPU_SLOWDOWN,
    viewport: VIEWPORT,
    runsPerInteraction: INP_RUNS,
    chromium: CHROMIUM,
    chromeFlags: INP_CHROME_FLAGS,
    interactions,
  };
  if (args.baseline) {
    await writeFile(INP_BEFORE_FILE, JSON.stringify(json, null, 2) + '\n');
    console.log('wrote bench/results/web-inp-before.json');
    return;
  }
  const before = existsSync(INP_BEFORE_FILE)
    ? (JSON.parse(readFileSync(INP_BEFORE_FILE, 'utf8')) as InpBefore)
    : null;
  const range = (i: InteractionResult) => `${i.minMs}–${i.maxMs} ms`;
  const loads = interactions.flatMap((i) => i.runs.map((r) => r.loadAverage));
  const lines = [
    '# Interaction to Next Paint (cheap phone)',
    '',
    `Generated by \`npm run bench:web\` (bench/web.ts, bench/lib/inp.ts) on ${meta.date}: ${meta.cpu}, ${meta.cores} cores.`,
    `The production build served by the real server, driven by Playwright in ${CHROMIUM} (${INP_CHROME_FLAGS.join(' ')})`,
    `at ${VIEWPORT.width}×${VIEWPORT.height} with the CPU slowed ${CPU_SLOWDOWN}× (CDP \`Emulation.setCPUThrottlingRate\`);`,
    "INP from the `web-vitals` library's `onINP` (attribution build, `reportAllChanges`), one interaction per fresh page,",
    `${INP_RUNS} runs each. Budget: median ≤ ${INP_BUDGET_MS} ms. Load average (1 min) during the runs: ` +
      `${Math.min(...loads)}–${Math.max(...loads)}.`,
    '',
    '| interaction | median | range | runs | slowest run: input delay / processing / presentation | ≤ 100 ms |',
    '|---|---:|---|---|---|---|',
    ...interactions.map((i) => {
      const worst = [...i.runs].sort((a, b) => b.inpMs - a.inpMs)[0]!.report;
      return (
        `| ${i.name} | **${i.medianMs} ms** | ${range(i)} | ${i.runs.map((r) => r.inpMs).join(', ')} | ` +
        `${worst.inputDelayMs} / ${worst.processingMs} / ${worst.presentationDelayMs} ms (${worst.type} on \`${worst.target}\`) | ` +
        `${i.met ? 'met' : '**not met**'} |`
      );
    }),
    '',
  ];
  if (before) {
    lines.push(
      '## Before and after',
      '',
      `"Before" is the run of ${before.date} (\`npm run bench:web -- --only inp --baseline\`, bench/results/web-inp-before.json).`,
      '',
      '| interaction | median before → after | range before → after |',
      '|---|---|---|',
      ...interactions.map((i) => {
        const b = before.interactions.find((x) => x.name === i.name);
        return b
          ? `| ${i.name} | ${b.medianMs} ms → **${i.medianMs} ms** | ${range(b)} → ${range(i)} |`
          : `| ${i.name} | – → **${i.medianMs} ms** | – → ${range(i)} |`;
      }),
      '',
    );
  }
  await writeResults('web-inp', json, lines.join('\n'));
}

interface Before {
  date: string;
  landingJs: LandingJs;
  pages: PageResult[];
}

/** Before → after of every figure, page by page (pages are matched by name). */
function comparison(js: LandingJs, pages: PageResult[], before: Before): string[] {
  const arrow = (b: number | null | undefined, a: number | null | undefined, unit = '') =>
    `${b ?? '–'}${unit} → **${a ?? '–'}${unit}**`;
  return [
    `## Before and after`,
    '',
    `"Before" is the run of ${before.date} (\`npm run bench:web -- --baseline\`, bench/results/web-before.json), ` +
      'on the same machine and settings; each cell is the median run of its page.',
    '',
    '| page | score | accessibility | FCP | LCP | TBT | CLS | scripts transferred |',
    '|---|---|---|---|---|---|---|---|',
    ...pages.map((p) => {
      const b = before.pages.find((x) => x.name === p.name)?.median;
      const a = p.median;
      return (
        `| ${p.name} | ${arrow(b?.score, a.score)} | ${arrow(b?.accessibility, a.accessibility)} | ` +
        `${arrow(b?.metrics.fcpMs, a.metrics.fcpMs, ' ms')} | ${arrow(b?.metrics.lcpMs, a.metrics.lcpMs, ' ms')} | ` +
        `${arrow(b?.metrics.tbtMs, a.metrics.tbtMs, ' ms')} | ${arrow(b?.metrics.cls, a.metrics.cls)} | ` +
        `${arrow(b?.scriptTransferKB, a.scriptTransferKB, ' KB')} |`
      );
    }),
    '',
    `Landing page JS (gzip): ${arrow(before.landingJs.totalGzipKB, js.totalGzipKB, ' KB')} ` +
      `(minified ${before.landingJs.totalKB} KB → ${js.totalKB} KB).`,
    '',
  ];
}

function markdown(
  meta: ReturnType<typeof machine>,
  js: LandingJs,
  jsMet: boolean,
  pages: PageResult[],
  before: Before | null,
) {
  const lines = [
    '# Web performance benchmark',
    '',
    `Generated by \`npm run bench:web\` (bench/web.ts) on ${meta.date}: ${meta.cpu}, ${meta.cores} cores, Node ${meta.node}.`,
    'The storefront built with `vite build`, served by the real server (development mode, PGlite with the sample',
    `catalogue), measured with Lighthouse 12's default mobile preset (emulated Moto G Power, simulated slow 4G, 4× CPU`,
    `slowdown), performance and accessibility categories, in ${CHROMIUM} (${CHROME_FLAGS.join(' ')}). Each page ran ${RUNS} times;`,
    "the table shows the median run by score, and every score. Lighthouse's own report of each median run is in " +
      '`bench/results/lighthouse/`.',
    '',
    '| page | score | runs | accessibility | FCP | LCP | TBT | CLS | Speed Index | scripts transferred | ≥ 95 | load avg |',
    '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---|---:|',
    ...pages.map((p) => {
      const m = p.median.metrics;
      return (
        `| ${p.name} (\`${p.path}\`) | **${p.median.score ?? 'n/a'}** | ${p.runs.map((r) => r.score ?? 'n/a').join(', ')} | ` +
        `${p.median.accessibility ?? '–'} | ` +
        `${ms(m.fcpMs)} | ${ms(m.lcpMs)} | ${ms(m.tbtMs)} | ${m.cls ?? '–'} | ${ms(m.speedIndexMs)} | ${p.median.scriptTransferKB} KB | ` +
        `${p.met ? 'met' : '**not met**'} | ${p.median.loadAverage} |`
      );
    }),
    '',
    `**Landing page JS: ${js.totalGzipKB} KB gzip** (${js.totalKB} KB minified) against the budget of ` +
      `${BUDGET.landingJsGzipKB} KB: **${jsMet ? 'met' : 'not met'}**. Measured on the build: the module script and ` +
      `modulepreloads of index.html (React DOM's client, imported with \`import()\` at start-up, is preloaded) and ` +
      `every module they import statically, recursively, each gzipped at level 9 (KB = 1,024 bytes); chunks ` +
      'loaded with `import()` later (routes, admin, checkout, Sentry replay) are not counted. ' +
      '"Scripts transferred" is what Lighthouse saw on the wire for the page (Brotli, which the server prefers, ' +
      'and every chunk the page asked for by the time it settled).',
    '',
    '| file | minified | gzip |',
    '|---|---:|---:|',
    ...js.files.map(
      (f) => `| \`${f.file}\` | ${round(f.bytes / 1024, 1)} KB | ${round(f.gzipBytes / 1024, 1)} KB |`,
    ),
    '',
    ...(before ? comparison(js, pages, before) : []),
  ];
  const missed = pages.filter((p) => !p.met);
  if (missed.length) {
    lines.push('## What Lighthouse suggests where the score is under 95', '');
    for (const p of missed) {
      lines.push(`**${p.name}** (median run, score ${p.median.score ?? 'n/a'}):`, '');
      if (p.median.error) lines.push(`- Lighthouse could not score the page: ${p.median.error}`);
      const top = p.median.opportunities.slice(0, 6);
      if (!top.length && !p.median.error) lines.push('- (no opportunity with an estimated saving)');
      for (const o of top) {
        const savings = [o.savingsMs ? `~${o.savingsMs} ms` : '', o.savingsKB ? `${o.savingsKB} KB` : '']
          .filter(Boolean)
          .join(', ');
        lines.push(`- ${o.title}${savings ? ` (${savings})` : ''}${o.display ? `: ${o.display}` : ''}`);
      }
      lines.push('');
    }
    lines.push('The SPA belongs to the storefront engineers (src/); this benchmark only reports.', '');
  }
  lines.push(
    "The machine is shared (2 cores): each run first waits (bounded) for the load average to drop; Lighthouse's " +
      'simulated throttling scales the CPU work it observes, so a busy machine lowers TBT-driven scores.',
    '',
  );
  return lines.join('\n');
}

await main();
