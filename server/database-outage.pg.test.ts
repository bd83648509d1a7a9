import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, variants } from './db/schema';
import { DATABASE_RETRY_AFTER_SECONDS } from './lib/errors';
import { createLogger } from './lib/logger';
import { catalogueCacheFor } from './modules/catalogue';
import { productBody } from './test/admin';
import { createTestContext, eventually, type TestContext } from './test/harness';
import { api, shopper as signedIn, shopperWithCart } from './test/shop';
import { startTcpProxy, type TcpProxy } from './test/tcp-proxy';

// The database unreachable while shoppers browse: a proxy between the app and PostgreSQL is cut
// (every connection dropped, new ones refused) and restored. The outage lasts FAULT_OUTAGE_MS (3 s
// by default, so the file stays short; a real failover takes longer, which changes nothing here:
// the pool's 5 s connect timeout never comes into play, a refused connection fails at once).
const OUTAGE_MS = Number(process.env.FAULT_OUTAGE_MS ?? 3_000);

describe('the database going away while shoppers browse', () => {
  let proxy: TcpProxy;
  let ctx: TestContext;
  let shopper: Awaited<ReturnType<typeof shopperWithCart>>;
  let admin: ReturnType<typeof api>;

  beforeAll(async () => {
    const target = new URL(process.env.TEST_DATABASE_URL!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    ctx = await createTestContext({}, { through: (url) => proxy.url(url) });
    shopper = await shopperWithCart(ctx, { stock: 5, quantity: 1 });
    const { token } = await signedIn(ctx, 'admin');
    admin = api(ctx, token);
  });
  afterAll(async () => {
    await proxy.restore();
    await ctx?.close();
    await proxy.close();
  });

  const read = async (path: string) => {
    const res = await ctx.request(path);
    return { status: res.status, body: await res.text() };
  };

  it(
    'keeps catalogue and search answering, refuses writes with a 503, leaves nothing half-written and recovers by itself',
    async () => {
      const cache = catalogueCacheFor({ database: ctx.database, logger: createLogger('silent') });
      await eventually(() => cache.listening, 5_000);
      const pages = [
        '/api/v2/products?limit=24',
        `/api/v1/products/${shopper.product.productId}`,
        '/api/v1/categories',
      ];
      const search = `/api/v1/search/orama?q=${encodeURIComponent(shopper.product.name.split(' ')[0]!)}`;
      await eventually(async () => (await read(search)).body.includes(shopper.product.productId), 5_000);
      const before = new Map<string, string>();
      // Until a round is answered from the cache alone: a change of the setup notified late flushes
      // the answers being built, and those are served but not stored.
      await eventually(async () => {
        const builds = cache.stats().builds;
        for (const path of [...pages, search]) {
          const answer = await read(path);
          expect(answer.status).toBe(200);
          before.set(path, answer.body);
        }
        return cache.stats().builds === builds;
      }, 10_000);

      // Admins keep saving products, one after another on three screens, when the cable is cut: each
      // save is afterwards all there (both variants) or not at all.
      const name = `Outage ${Date.now()}`;
      const variant = (v: string, price: number) => ({
        name: v,
        price,
        quantity: 3,
        isAvailable: true,
        attributes: [],
      });
      let cutting = false;
      const screen = async (n: number) => {
        const saves: { name: string; status: number }[] = [];
        while (!cutting) {
          const product = `${name} ${n}.${saves.length}`;
          const body = productBody({ name: product, variants: [variant('1 kg', 100), variant('2 kg', 190)] });
          saves.push({ name: product, status: (await admin.post('/products', body)).status });
        }
        return saves;
      };
      const screens = [1, 2, 3].map(screen);
      await new Promise((r) => setTimeout(r, 300));
      cutting = true;
      await proxy.cut();
      const outageEnds = Date.now() + OUTAGE_MS;
      const saves = await Promise.all(screens);
      const statuses = saves.flat().map((s) => s.status);
      expect(statuses.every((s) => s === 201 || s === 503)).toBe(true);
      expect(statuses).toContain(201);

      // Shoppers browsing meanwhile get the shop window as it was.
      for (const path of [...pages, search])
        expect(await read(path)).toEqual({ status: 200, body: before.get(path) });
      expect(cache.stats().stale).toBeGreaterThan(0);

      // A write is refused with a plain sentence and when to try again.
      const refused = await shopper.call.post('/cart', {
        item: { productId: shopper.product.productId, quantity: 2 },
      });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('Retry-After')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(await refused.json()).toMatchObject({
        code: 'database_unavailable',
        message: expect.stringMatching(
          /^The shop cannot reach its database just now\. Please try again in a few seconds\./,
        ),
      });
      // A page nobody had read is not in any cache: it is the same 503, not a 500.
      expect((await read('/api/v2/products?limit=7')).status).toBe(503);

      await new Promise((r) => setTimeout(r, Math.max(0, outageEnds - Date.now())));
      await proxy.restore();

      // Back by itself: the same request succeeds once the database answers, with no restart.
      const recovery = await eventually(
        async () =>
          (await shopper.call.post('/cart', { item: { productId: shopper.product.productId, quantity: 2 } }))
            .status === 200,
        10_000,
      );
      expect(recovery).toBeLessThan(10_000);
      await eventually(() => cache.listening, 15_000);
      expect((await read('/api/v2/products?limit=7')).status).toBe(200);

      // Every save answered 201 is there with both its variants. Only the save in flight on each
      // screen when the cable was cut may be there despite its 503 (committed, then the answer
      // lost): then it is whole too. A 503 says "try again", not "nothing was saved".
      const { db } = ctx.database;
      const saved = await db
        .select({ name: products.name, id: products.id })
        .from(products)
        .where(like(products.name, `${name}%`));
      const names = saved.map((p) => p.name);
      const created = saves
        .flat()
        .filter((s) => s.status === 201)
        .map((s) => s.name);
      const inFlight = saves.map((s) => s.at(-1)!.name);
      expect(names).toEqual(expect.arrayContaining(created));
      expect(names.every((n) => created.includes(n) || inFlight.includes(n))).toBe(true);
      for (const p of saved) {
        expect(await db.select().from(variants).where(eq(variants.productId, p.id))).toHaveLength(2);
      }
    },
    OUTAGE_MS + 20_000,
  );
});
