import { and, asc, count, eq, gt, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  CART_LINES_MAX,
  CART_QUANTITY_MAX,
  type AddCartItemBody,
  type Cart,
  type CartItem,
  type CartQuoteBody,
} from '../../../contract/cart';
import { imagePath } from '../../../contract/catalogue';
import { preparedPerHandle, type Db } from '../../db/client';
import {
  attributes,
  attributeValues,
  cartItems,
  cartMerges,
  categories,
  productCategories,
  productImages,
  products,
  variantAttributeValues,
  variants,
} from '../../db/schema';
import { AppError, notFound, refused } from '../../lib/errors';
import {
  activeVariant,
  type CoveringDiscountJson,
  coveringDiscountsJson,
  fromCoveringJson,
  shownToShoppers,
} from '../catalogue';
import { cartView, priceCartLine } from '../../../contract/cart-view';
import { bestDiscount } from '../../../contract/pricing';
import { cartFull, cartQuantityRefusal, outOfStock, variantLabel } from '../../../contract/stock';
import { priceWithPromo } from './promo';

/** A cart line priced now, as the API shows it. */
export type CartLine = CartItem;

/**
 * What pricing and showing a line needs besides the line itself, read in the same statement as the
 * line (correlated subqueries), so a cart costs one round trip whatever its size: the product's
 * names, the variant's price and stock, the product's first image and first category in display
 * order, the variant's attributes, and the product's switched-on discounts (saleInfo decides which
 * apply at the moment; times as epoch milliseconds, which both drivers hand back as numbers).
 */
const lineColumns = {
  productPid: products.pid,
  name: products.name,
  variantName: variants.name,
  listPrice: variants.price,
  // A variant the admin switched off has nothing to sell, whatever its count.
  stock: sql<number>`case when ${variants.available} then ${variants.quantity} else 0 end`.mapWith(Number),
  // Hidden or archived product, or archived variant: the line is `missing`, never priced or sold.
  sold: sql<boolean>`${and(shownToShoppers(), activeVariant())}`,
  imageId: sql<string | null>`(select ${productImages.imageId} from ${productImages}
    where ${productImages.productId} = ${products.id}
    order by ${productImages.position}, ${productImages.imageId} limit 1)`,
  categoryId: sql<string | null>`(select ${productCategories.categoryId} from ${productCategories}
    join ${categories} on ${categories.id} = ${productCategories.categoryId}
    where ${productCategories.productId} = ${products.id}
    order by ${categories.position}, ${categories.name}, ${categories.id} limit 1)`,
  attributes: sql<unknown>`(select coalesce(json_agg(json_build_object('name', ${attributes.name},
      'value', ${attributeValues.value}) order by ${attributes.name}, ${attributes.id}), '[]'::json)
    from ${variantAttributeValues}
    join ${attributeValues} on ${attributeValues.id} = ${variantAttributeValues.attributeValueId}
    join ${attributes} on ${attributes.id} = ${attributeValues.attributeId}
    where ${variantAttributeValues.variantId} = ${variants.id})`,
  // The product's usable discounts, by product or category: the catalogue's set (applying.ts).
  discounts: coveringDiscountsJson(products.id),
};

interface LineRow {
  productPid: string;
  name: string;
  variantName: string;
  listPrice: number;
  stock: number;
  sold: boolean;
  imageId: string | null;
  categoryId: string | null;
  attributes: unknown;
  discounts: unknown;
}

/** A json column as the driver hands it back (parsed, or its text). */
const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** The discounts that may price a line's product, as pricing takes them. */
function lineDiscounts(row: LineRow) {
  return json<CoveringDiscountJson[]>(row.discounts).map(fromCoveringJson);
}

/** The discount a line's price comes from: checkout takes one use of it for the order. */
export interface LineDiscount {
  discountId: string;
  name: string;
}

/** A stored or quoted line with what lineColumns read, priced at `now`. */
function priceLine(
  line: { itemId: string; productId: string; variantId: string; quantity: number },
  row: LineRow,
  now: Date,
): CartLine {
  return priceCartLine(
    {
      ...line,
      productPid: row.productPid,
      name: row.name,
      variantName: row.variantName,
      listPrice: row.listPrice,
      stock: row.stock,
      categoryId: row.categoryId,
      image: row.imageId ? imagePath(row.imageId, 'thumb') : null,
      attributes: json<CartLine['attributes']>(row.attributes),
      discounts: lineDiscounts(row),
    },
    now,
  );
}

/** A line of the cart whose product or variant the shop no longer sells (hidden or archived). */
export interface UnsoldLine {
  itemId: string;
  /** How messages name it: `Tilapia (Large)`. */
  label: string;
}

/**
 * The statement that reads a user's cart lines with lineColumns, oldest first; `extra` columns ride
 * along on every line (checkout reads the order its key made with them: one round trip, not two).
 */
export function cartLinesQuery<E extends Record<string, SQL.Aliased | SQL>>(
  db: Db,
  userId: string | Placeholder,
  extra?: E,
) {
  return db
    .select({
      itemId: cartItems.id,
      productId: cartItems.productId,
      variantId: cartItems.variantId,
      quantity: cartItems.quantity,
      ...lineColumns,
      ...(extra as E),
    })
    .from(cartItems)
    .innerJoin(variants, eq(variants.id, cartItems.variantId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
    .$dynamic();
}

/** The cart read, prepared: PostgreSQL parses and plans its subqueries once per connection. */
const preparedCartLines = preparedPerHandle((db) =>
  cartLinesQuery(db, sql.placeholder('userId')).prepare('cart_lines'),
);

/**
 * The user's cart lines priced at `now` with the catalogue's sale rules, oldest first, in one
 * statement, and apart from them the lines the shop no longer sells. `lock` takes the cart rows
 * FOR UPDATE: checkout uses it so a concurrent +1 waits for the order.
 */
export async function loadCartLines(
  db: Db,
  userId: string,
  now: Date,
  { lock = false }: { lock?: boolean } = {},
): Promise<{ lines: CartLine[]; unsold: UnsoldLine[]; pricedBy: Map<string, LineDiscount> }> {
  const rows = lock
    ? await cartLinesQuery(db, userId).for('update', { of: cartItems })
    : await preparedCartLines(db).execute({ userId });
  return cartLinesOf(rows, now);
}

/** The rows `cartLinesQuery` read, priced at `now`, and apart from them the lines no longer sold. */
export function cartLinesOf(
  rows: readonly (LineRow & { itemId: string; productId: string; variantId: string; quantity: number })[],
  now: Date,
): { lines: CartLine[]; unsold: UnsoldLine[]; pricedBy: Map<string, LineDiscount> } {
  const sold = rows.filter((r) => r.sold === true);
  // The best single discount per line at `now`: the one saleInfo priced it with.
  const pricedBy = new Map<string, LineDiscount>();
  for (const r of sold) {
    const best = bestDiscount(r.listPrice, lineDiscounts(r), now);
    if (best) pricedBy.set(r.itemId, { discountId: best.discount.discountId, name: best.discount.name });
  }
  return {
    pricedBy,
    lines: sold.map((r) => priceLine(r, r, now)),
    unsold: rows
      .filter((r) => r.sold !== true)
      .map((r) => ({ itemId: r.itemId, label: variantLabel(r.name, r.variantName) })),
  };
}

/**
 * A guest cart priced as the server cart is (`POST /v1/cart/quote`), in one statement. Lines whose
 * variant is gone, hidden or archived, or is not the named product's, are `missing`; the rest keep
 * the guest's order. With a code, priced with it as for a guest (see priceWithPromo).
 */
export async function quoteCart(db: Db, { items, promoCode }: CartQuoteBody, now: Date) {
  const rows = items.length
    ? await db
        .select({ variantId: variants.id, productId: variants.productId, ...lineColumns })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(
          inArray(
            variants.id,
            items.map((i) => i.variantId),
          ),
        )
    : [];
  const byVariant = new Map(rows.map((r) => [r.variantId, r]));
  const priced: CartLine[] = [];
  const missing: string[] = [];
  for (const line of items) {
    const row = byVariant.get(line.variantId);
    if (row && row.productId === line.productId && row.sold === true) priced.push(priceLine(line, row, now));
    else missing.push(line.itemId);
  }
  return priceWithPromo(db, cartView(priced, 0, missing), promoCode, null, now);
}

/** The cart as cart mutations answer it: today's prices, no delivery fee, no code. */
export async function getCart(db: Db, userId: string, now: Date): Promise<Cart> {
  const { lines, unsold } = await loadCartLines(db, userId, now);
  return cartView(
    lines,
    0,
    unsold.map((l) => l.itemId),
  );
}

/**
 * The cart as `GET /v1/cart` answers it: with the delivery fee of the place asked about (else 0),
 * priced with the code the shopper typed, if any.
 */
export async function getPricedCart(
  db: Db,
  userId: string,
  shippingRate: number,
  promoCode: string | undefined,
  now: Date,
) {
  const { lines, unsold } = await loadCartLines(db, userId, now);
  const cart = cartView(
    lines,
    shippingRate,
    unsold.map((l) => l.itemId),
  );
  return priceWithPromo(db, cart, promoCode, userId, now);
}

/**
 * Adds units of a variant (the product's first when none is named), merging with its line. A line
 * pushed from the guest cart (`localItemId`) is applied once per account: the id is recorded in the
 * same transaction, so a retry, a second tab or a concurrent push finds it and changes nothing.
 */
export async function addCartItem(db: Db, userId: string, { item }: AddCartItemBody): Promise<void> {
  if (item.localItemId === undefined && (await quickAdd(db, userId, item))) return;
  await db.transaction(async (tx) => {
    if (item.localItemId !== undefined) {
      const fresh = await tx
        .insert(cartMerges)
        .values({ userId, localItemId: item.localItemId })
        .onConflictDoNothing()
        .returning({ id: cartMerges.localItemId });
      if (fresh.length === 0) return;
    }
    const variant = await findVariant(tx, item.productId, item.variantId);
    if (variant.stock === 0) throw refused(outOfStock(variant.label));
    const now = new Date();
    const [line] = await tx
      .insert(cartItems)
      .values({ userId, productId: item.productId, variantId: variant.id, quantity: item.quantity })
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.variantId],
        set: { quantity: sql`${cartItems.quantity} + excluded.quantity`, updatedAt: now },
      })
      .returning({ quantity: cartItems.quantity });
    // Checked after the atomic upsert, so two concurrent adds cannot both pass a stale check.
    checkQuantity(line!.quantity, variant.stock, variant.label);
    const [lines] = await tx.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, userId));
    if ((lines?.n ?? 0) > CART_LINES_MAX) throw refused(cartFull());
  });
}

/** +1 or −1 on a line of the user's cart; −1 at 1 removes it. Another user's line is a 404. */
export async function changeCartItem(db: Db, userId: string, itemId: string, delta: 1 | -1): Promise<void> {
  if (await quickChange(db, userId, itemId, delta)) return;
  await db.transaction(async (tx) => {
    const mine = and(eq(cartItems.id, itemId), eq(cartItems.userId, userId));
    if (delta === -1) {
      const lowered = await tx
        .update(cartItems)
        .set({ quantity: sql`${cartItems.quantity} - 1`, updatedAt: new Date() })
        .where(and(mine, gt(cartItems.quantity, 1)))
        .returning({ id: cartItems.id });
      if (lowered.length) return;
      const removed = await tx.delete(cartItems).where(mine).returning({ id: cartItems.id });
      if (!removed.length) throw notFound('Cart item');
      return;
    }
    const [line] = await tx
      .update(cartItems)
      .set({ quantity: sql`${cartItems.quantity} + 1`, updatedAt: new Date() })
      .where(mine)
      .returning({
        quantity: cartItems.quantity,
        variantId: cartItems.variantId,
        productId: cartItems.productId,
      });
    if (!line) throw notFound('Cart item');
    const variant = await findVariant(tx, line.productId, line.variantId);
    checkQuantity(line.quantity, variant.stock, variant.label);
  });
}

/*
 * Fast paths. A cart write is a handful of round trips to the database (the transaction's BEGIN,
 * the variant lookup, the upsert, the line count, COMMIT) and its latency is mostly their sum. The
 * common case, a change that is allowed, fits in one conditional statement that applies it only
 * if every rule holds; when it does not apply (unknown product or variant, not enough stock, a
 * line at its maximum, a full cart, the last unit), the transactional path below runs as before and
 * answers with its precise error, or applies the change if the state moved meanwhile. Guest pushes
 * (localItemId) always take the transactional path: their idempotency record must commit with them.
 */

/**
 * A condition that always holds and makes the statement's own transaction commit asynchronously:
 * PostgreSQL answers without waiting for the WAL to reach the disk (an fsync, most of a cart
 * write's time on this machine). The worst a crash of PostgreSQL itself can then do is lose the last
 * fraction of a second of cart changes, never half of one: the database stays consistent, and a
 * shopper's cart is not money. Only these one-statement cart writes use it; checkout, orders and
 * payments commit synchronously. `is_local` keeps the setting to this transaction, so the pooled
 * connection goes back as it was.
 */
const asyncCommit = sql`set_config('synchronous_commit', 'off', true) = 'off'`;

/** Adds the units in one statement when every rule holds; false when it did not apply. */
async function quickAdd(db: Db, userId: string, item: AddCartItemBody['item']): Promise<boolean> {
  // The product's first variant when none is named, whatever its stock (as findVariant picks it);
  // only of a product shoppers see, never an archived one, and a switched-off one has no stock.
  const sold = sql`v.archived_at is null and exists (select 1 from ${products} p
    where p.id = v.product_id and not p.hidden and p.archived_at is null)`;
  const variant = item.variantId
    ? sql`select v.id, v.product_id, case when v.available then v.quantity else 0 end as quantity
          from ${variants} v where v.id = ${item.variantId} and v.product_id = ${item.productId} and ${sold}`
    : sql`select v.id, v.product_id, case when v.available then v.quantity else 0 end as quantity
          from ${variants} v where v.product_id = ${item.productId} and ${sold}
          order by v.position, v.id limit 1`;
  const now = new Date();
  const result = await db.execute(sql`
    insert into ${cartItems} (user_id, product_id, variant_id, quantity)
    select ${userId}, v.product_id, v.id, ${item.quantity}
    from (${variant}) v
    where ${item.quantity} <= least(v.quantity, ${CART_QUANTITY_MAX})
      and ${asyncCommit}
      and (select count(*) from ${cartItems} c where c.user_id = ${userId}) < ${CART_LINES_MAX}
    on conflict (user_id, variant_id) do update
      set quantity = ${cartItems}.quantity + excluded.quantity, updated_at = ${now}
      where ${cartItems}.quantity + excluded.quantity
        <= least((select s.quantity from ${variants} s where s.id = excluded.variant_id), ${CART_QUANTITY_MAX})
    returning ${cartItems}.id`);
  return rowCount(result) > 0;
}

/** +1 within stock, or −1 above one unit, in one statement; false when it did not apply. */
async function quickChange(db: Db, userId: string, itemId: string, delta: 1 | -1): Promise<boolean> {
  const now = new Date();
  if (delta === -1) {
    const lowered = await db
      .update(cartItems)
      .set({ quantity: sql`${cartItems.quantity} - 1`, updatedAt: now })
      .where(
        and(eq(cartItems.id, itemId), eq(cartItems.userId, userId), gt(cartItems.quantity, 1), asyncCommit),
      )
      .returning({ id: cartItems.id });
    return lowered.length > 0;
  }
  const raised = await db
    .update(cartItems)
    .set({ quantity: sql`${cartItems.quantity} + 1`, updatedAt: now })
    .from(variants)
    .where(
      and(
        eq(cartItems.id, itemId),
        eq(cartItems.userId, userId),
        eq(variants.id, cartItems.variantId),
        activeVariant(),
        eq(variants.available, true),
        sql`exists (select 1 from ${products} p where p.id = ${cartItems.productId}
          and not p.hidden and p.archived_at is null)`,
        sql`${cartItems.quantity} + 1 <= least(${variants.quantity}, ${CART_QUANTITY_MAX})`,
        asyncCommit,
      ),
    )
    .returning({ id: cartItems.id });
  return raised.length > 0;
}

/** The rows a raw statement returned; node-postgres and PGlite both answer with `rows`. */
const rowCount = (result: unknown) => (result as { rows?: unknown[] }).rows?.length ?? 0;

/** Removes a line of the user's cart; another user's line is a 404. */
export async function removeCartItem(db: Db, userId: string, itemId: string): Promise<void> {
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, itemId), eq(cartItems.userId, userId), asyncCommit))
    .returning({ id: cartItems.id });
  if (!removed.length) throw notFound('Cart item');
}

interface FoundVariant {
  id: string;
  stock: number;
  /** How messages name it: `Tilapia (Large)`. */
  label: string;
}

/**
 * The named variant of the product, or its first; unknown ids and mismatched pairs are 404s, and so
 * are a hidden or archived product and an archived variant: to a shopper they do not exist. A
 * variant the admin switched off has no stock to sell.
 */
async function findVariant(db: Db, productId: string, variantId: string | undefined): Promise<FoundVariant> {
  const rows = await db
    .select({
      id: variants.id,
      productId: variants.productId,
      stock: sql<number>`case when ${variants.available} then ${variants.quantity} else 0 end`.mapWith(
        Number,
      ),
      variantArchived: sql<boolean>`${variants.archivedAt} is not null`,
      variantName: variants.name,
      name: products.name,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(
      variantId
        ? eq(variants.id, variantId)
        : and(eq(variants.productId, productId), activeVariant(), shownToShoppers()),
    )
    .orderBy(asc(variants.position), asc(variants.id))
    .limit(1);
  const row = rows[0];
  const [product] = await db
    .select({ name: products.name })
    .from(products)
    .where(and(eq(products.id, productId), shownToShoppers()));
  if (!product) throw notFound('Product');
  if (!row) {
    if (variantId) throw notFound('That product variant');
    throw new AppError(400, 'not_for_sale', 'That product has no variant for sale.');
  }
  if (row.productId !== productId)
    throw new AppError(404, 'not_found', `That variant is not one of ${product.name}'s.`);
  if (row.variantArchived === true) throw notFound('That product variant');
  return { id: row.id, stock: row.stock, label: variantLabel(row.name, row.variantName) };
}

function checkQuantity(quantity: number, stock: number, label: string) {
  const refusal = cartQuantityRefusal(quantity, stock, label);
  if (refusal) throw refused(refusal);
}
