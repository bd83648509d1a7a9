import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ACTIVITY_ACTIONS, ACTIVITY_ENTITIES } from '../../contract/admin';
import { STAFF_ROLES } from '../../contract/roles';
import { LANGUAGES } from '../../contract/languages';
import { ORDER_NOTICE_EVENTS, SMS_STATUSES } from '../../contract/sms';
import { PROMO_SCOPES } from '../../contract/promo';
import { STOCK_MOVEMENT_KINDS, STOCK_REASONS } from '../../contract/stock-movements';
import {
  ATTEMPT_STATUSES,
  ORDER_STATUSES,
  PAYMENT_ISSUES,
  PAYMENT_STATUSES,
  REFUND_STATUSES,
} from '../../contract/checkout';

/** Raw bytes (PostgreSQL bytea); PGlite and node-postgres both hand back a Uint8Array/Buffer. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A required reference to the row that owns this one: deleting the owner deletes it too. */
const ownedBy = (column: string, owner: () => AnyPgColumn) =>
  uuid(column).notNull().references(owner, { onDelete: 'cascade' });

export const categories = pgTable('categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /** Material Design Icons name, e.g. `mdiFish`. */
  icon: text('icon').notNull(),
  /** A theme colour palette name (e.g. `blue`), never a hex value. */
  color: text('color').notNull(),
  position: integer('position').notNull().default(0),
  ...timestamps,
});

export const attributes = pgTable('attributes', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  ...timestamps,
});

export const attributeValues = pgTable(
  'attribute_values',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    attributeId: ownedBy('attribute_id', () => attributes.id),
    value: text('value').notNull(),
  },
  (t) => [uniqueIndex('attribute_values_attribute_value_uq').on(t.attributeId, t.value)],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Short public code shown to people and used in carts and search (e.g. `SKN-10001`). */
    pid: text('pid').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Sanitised HTML. */
    recipeTips: text('recipe_tips').notNull().default(''),
    /** Hidden by an admin: kept, editable, never served to shoppers. */
    hidden: boolean('hidden').notNull().default(false),
    /** Archived ("deleted") by an admin: gone from the shop and carts, restorable; orders keep their lines. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** Bumped by every admin write; `If-Match` compares it so a stale form cannot overwrite. */
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    index('products_created_at_idx').on(t.createdAt.desc(), t.id),
    index('products_name_idx').on(t.name, t.id),
  ],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: ownedBy('product_id', () => products.id),
    categoryId: ownedBy('category_id', () => categories.id),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    index('product_categories_category_idx').on(t.categoryId, t.productId),
  ],
);

export const variants = pgTable(
  'variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: ownedBy('product_id', () => products.id),
    name: text('name').notNull(),
    /** Whole Kenyan shillings. */
    price: integer('price').notNull(),
    /** Units in stock. */
    quantity: integer('quantity').notNull().default(0),
    /** Offered for sale (an admin's switch); a variant is available when this holds and stock is left. */
    available: boolean('available').notNull().default(true),
    /** Removed from the product by an admin: gone from the shop and carts, restorable. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('variants_product_idx').on(t.productId, t.position),
    // The dashboard's low-stock list: live variants with 5 or fewer units.
    index('variants_low_stock_idx')
      .on(t.quantity)
      .where(sql`archived_at is null`),
    check('variants_price_positive', sql`${t.price} > 0`),
    check('variants_quantity_non_negative', sql`${t.quantity} >= 0`),
  ],
);

export const variantAttributeValues = pgTable(
  'variant_attribute_values',
  {
    variantId: ownedBy('variant_id', () => variants.id),
    attributeValueId: ownedBy('attribute_value_id', () => attributeValues.id),
  },
  (t) => [primaryKey({ columns: [t.variantId, t.attributeValueId] })],
);

export const images = pgTable('images', {
  id: uuid('id').primaryKey().defaultRandom(),
  altText: text('alt_text').notNull().default(''),
  /** Size of the largest stored rendition. */
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: timestamps.createdAt,
});

/** A product's images in display order; an image may serve several products (large catalogues). */
export const productImages = pgTable(
  'product_images',
  {
    productId: ownedBy('product_id', () => products.id),
    imageId: ownedBy('image_id', () => images.id),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.imageId] }), index('product_images_image_idx').on(t.imageId)],
);

/** Each image is stored in a few widths so pages download only what they show. */
export const imageFiles = pgTable(
  'image_files',
  {
    imageId: ownedBy('image_id', () => images.id),
    size: text('size', { enum: ['thumb', 'card', 'detail'] }).notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
    etag: text('etag').notNull(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.size] })],
);

export const discounts = pgTable(
  'discounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['percentage', 'fixed'] }).notNull(),
    /** Percent (1–100) for `percentage`, whole KSH off for `fixed`. */
    value: integer('value').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    /** At most this many orders may use it; null for no limit. */
    usageLimit: integer('usage_limit'),
    /**
     * Orders holding a use of it: taken at checkout with `redemptions < usage_limit` in the same
     * statement, given back exactly once when the order's stock goes back (cancelled, failed or
     * expired), so the paid orders plus the open ones never exceed the limit.
     */
    redemptions: integer('redemptions').notNull().default(0),
    /**
     * A promo code (upper-case): the discount prices nothing until a shopper types it. Null for a
     * discount that applies by itself.
     */
    code: text('code'),
    /** What it covers: the products and categories it names, the whole order, or the delivery fee. */
    appliesTo: text('applies_to', { enum: PROMO_SCOPES }).notNull().default('items'),
    /** The subtotal the cart must reach for the code to apply; null for none. */
    minSubtotal: integer('min_subtotal'),
    /** The code is only for a shopper with no paid order yet. */
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    /** Orders one shopper may hold a use of the code in; null for no limit. */
    perShopperLimit: integer('per_shopper_limit'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('discounts_code_uq').on(t.code),
    check('discounts_code_upper', sql`${t.code} IS NULL OR ${t.code} = upper(${t.code})`),
    check('discounts_automatic_items', sql`${t.code} IS NOT NULL OR ${t.appliesTo} = 'items'`),
    check('discounts_min_subtotal_positive', sql`${t.minSubtotal} IS NULL OR ${t.minSubtotal} > 0`),
    check('discounts_per_shopper_positive', sql`${t.perShopperLimit} IS NULL OR ${t.perShopperLimit} > 0`),
    check('discounts_value_positive', sql`${t.value} > 0`),
    check('discounts_percentage_max', sql`${t.kind} <> 'percentage' OR ${t.value} <= 100`),
    check('discounts_usage_limit_positive', sql`${t.usageLimit} IS NULL OR ${t.usageLimit} > 0`),
    check('discounts_redemptions_range', sql`${t.redemptions} >= 0`),
    check('discounts_ends_after_start', sql`${t.endsAt} IS NULL OR ${t.endsAt} > ${t.startsAt}`),
  ],
);

export const discountProducts = pgTable(
  'discount_products',
  {
    discountId: ownedBy('discount_id', () => discounts.id),
    productId: ownedBy('product_id', () => products.id),
  },
  (t) => [
    primaryKey({ columns: [t.discountId, t.productId] }),
    index('discount_products_product_idx').on(t.productId),
  ],
);

/** A discount on a whole category: every product in it, now and later. */
export const discountCategories = pgTable(
  'discount_categories',
  {
    discountId: ownedBy('discount_id', () => discounts.id),
    categoryId: ownedBy('category_id', () => categories.id),
  },
  (t) => [
    primaryKey({ columns: [t.discountId, t.categoryId] }),
    index('discount_categories_category_idx').on(t.categoryId),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    phone: text('phone'),
    country: text('country'),
    type: text('type', { enum: ['admin', 'customer'] })
      .notNull()
      .default('customer'),
    /** A staff account's role (contract/roles.ts); null for a shopper, never null for staff. */
    role: text('role', { enum: STAFF_ROLES }),
    /** When the owner deactivated this staff account: it can no longer sign in; null while active. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /** When the shop blocked this shopper (they cannot check out), and why, in the staff's words; null while not blocked. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    blockedReason: text('blocked_reason'),
    /** When the shopper's personal data was erased (name, email, phone, addresses replaced); the orders stay. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    passwordHash: text('password_hash'),
    /** The language pages, mails and SMS speak to this person in (contract/languages.ts). */
    language: text('language', { enum: LANGUAGES }).notNull().default('en'),
    /** Whether order updates go by SMS to the order's M-Pesa phone. */
    smsUpdates: boolean('sms_updates').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    check(
      'users_role_ck',
      sql`case when ${t.type} = 'admin' then ${t.role} is not null and ${t.role} in (${sql.raw(STAFF_ROLES.map((r) => `'${r}'`).join(', '))}) else ${t.role} is null end`,
    ),
  ],
);

/** A one-time code sent by email; the code itself is never stored, only its HMAC. */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    /** Opaque, random; the only thing the SPA puts in a URL. */
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased. */
    email: text('email').notNull(),
    /** The account the code is for; null for a sign-up or a reset asked for an unknown email. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['login', 'register', 'reset'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    /** Wrong codes tried so far; the challenge ends at the limit. */
    attempts: integer('attempts').notNull().default(0),
    /** Codes sent for this challenge (a resend overwrites the code). */
    sends: integer('sends').notNull().default(1),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('otp_challenges_email_idx').on(t.email, t.purpose, t.createdAt.desc())],
);

/** The one-time token a verified code turns into; only its SHA-256 is stored. */
export const profileTokens = pgTable(
  'profile_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    challengeId: ownedBy('challenge_id', () => otpChallenges.id),
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['login', 'register', 'reset'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex('profile_tokens_token_hash_uq').on(t.tokenHash)],
);

/** A signed-in session; the JWT's `jti` names it, so logout and password changes can end it. */
export const sessions = pgTable(
  'sessions',
  {
    jti: uuid('jti').primaryKey(),
    userId: ownedBy('user_id', () => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * An invitation to join the staff with a role: the invitee gets a one-time link by mail, sets a name
 * and a password, and becomes a staff member. The row keeps only the token's hash (the mail holds the
 * link, in the outbox until sent mail is purged); it works once, until it expires (72 h) or the owner
 * revokes it. Resending replaces the token.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** As typed, trimmed; compared lower-cased. */
    email: text('email').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** The account the invitation created. */
    acceptedUserId: uuid('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('staff_invitations_token_hash_uq').on(t.tokenHash),
    // One open invitation per email at a time.
    uniqueIndex('staff_invitations_open_email_uq')
      .on(sql`lower(${t.email})`)
      .where(sql`accepted_at IS NULL AND revoked_at IS NULL`),
  ],
);

/**
 * Wrong passwords per account, from one client (`client` = a digest of its address) and from
 * anywhere (`client` = '*'): what the growing delays of modules/auth/throttle.ts are worked out from.
 * Digests only, as in rate_limits; a row is forgotten after a quiet day.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    account: text('account').notNull(),
    client: text('client').notNull(),
    failures: integer('failures').notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.account, t.client] }),
    index('login_failures_last_idx').on(t.lastFailureAt),
  ],
);

/**
 * Sliding-log rate limits shared by every API instance (server/lib/rate-limit.ts): one row per
 * counted thing, holding the times of its counted requests still inside the window.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    /** What is counted, e.g. `ip:get-user:<digest>`. */
    bucket: text('bucket').primaryKey(),
    hits: timestamp('hits', { withTimezone: true }).array().notNull(),
    /** When the newest hit leaves the window: the row says nothing after that. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);

/** Every email goes through here; a worker sends it with retries. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A claim by a worker; a crashed worker's claim runs out and another takes the row. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_to_idx').on(sql`lower(${t.to})`, t.createdAt.desc()),
  ],
);

/**
 * SMS about orders, queued in the transaction of the change they report and sent by the jobs runner
 * (server/jobs/sms-outbox.ts); the same claim and backoff as the mail outbox (server/lib/outbox.ts).
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: ownedBy('order_id', (): AnyPgColumn => orders.id),
    event: text('event', { enum: ORDER_NOTICE_EVENTS }).notNull(),
    /** `2547XXXXXXXX`: the order's M-Pesa phone when the message was queued. */
    phone: text('phone').notNull(),
    language: text('language', { enum: LANGUAGES }).notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: SMS_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A claim by a worker; a crashed worker's claim runs out and another takes the row. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /**
     * When a send's outcome was unknown (no answer in time): the message is not sent again before the
     * gateway's delivery report says what became of it, or SMS_UNKNOWN_WAIT_MS passes without one.
     */
    unknownSince: timestamp('unknown_since', { withTimezone: true }),
    /** The gateway's id of the message (Africa's Talking `messageId`); delivery reports carry it. */
    gatewayMessageId: text('gateway_message_id'),
    /** Why it failed, or why the last try did not go, in plain words. */
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('sms_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('sms_outbox_order_idx').on(t.orderId, t.createdAt),
    index('sms_outbox_phone_idx').on(t.phone, t.createdAt.desc()),
    uniqueIndex('sms_outbox_gateway_message_uq').on(t.gatewayMessageId),
  ],
);

// ── Delivery, cart, checkout and payments ────────────────────────────────────────────────────────

/** Places the shop delivers to; rows come from contract/delivery-areas.ts via a migration. */
export const deliveryAreas = pgTable('delivery_areas', {
  /** A stable slug (e.g. `westlands`), the same in every database, so URLs and tests can name it. */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  position: integer('position').notNull().default(0),
});

/** A signed-in shopper's cart line; one per variant, so pushes and adds merge. Prices are never stored. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownedBy('user_id', () => users.id),
    productId: ownedBy('product_id', () => products.id),
    variantId: ownedBy('variant_id', () => variants.id),
    quantity: integer('quantity').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('cart_items_user_variant_uq').on(t.userId, t.variantId),
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** Guest-cart lines already pushed after sign-in, so a retried or repeated push never adds twice. */
export const cartMerges = pgTable(
  'cart_merges',
  {
    userId: ownedBy('user_id', () => users.id),
    localItemId: text('local_item_id').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.userId, t.localItemId] })],
);

/**
 * The Idempotency-Keys of a shopper's cart writes (POST/PATCH/DELETE /v1/cart), recorded in the
 * write's transaction: a write replayed with its key (a queue sent again after a lost answer) is not
 * applied twice. `requestHash` tells a replay from another request reusing the key. Kept a day.
 */
export const cartWrites = pgTable(
  'cart_writes',
  {
    userId: ownedBy('user_id', () => users.id),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('cart_writes_created_idx').on(t.createdAt)],
);

/** An order with its totals, delivery and payment state frozen at checkout. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Short public number; `SKN<number>` is the M-Pesa account reference. */
    number: integer('number').notNull().generatedAlwaysAsIdentity({ startWith: 1001 }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The checkout's Idempotency-Key and a hash of its body: a replay answers with this order. */
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Fulfilment. */
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('new'),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    /** Why the payment failed, expired or needs review (contract PaymentIssue); null otherwise. */
    paymentIssue: text('payment_issue', { enum: PAYMENT_ISSUES }),
    /**
     * Whether the order holds its items' units (taken off variants.quantity). Flipped by conditional
     * updates only, so units go back exactly once and are never taken twice.
     */
    stockReserved: boolean('stock_reserved').notNull().default(false),
    subtotal: integer('subtotal').notNull(),
    /** The delivery fee charged (after a delivery code). */
    shippingRate: integer('shipping_rate').notNull(),
    /** What an order-wide promo code took off the subtotal. */
    orderSaving: integer('order_saving').notNull().default(0),
    total: integer('total').notNull(),
    /** The promo code the order was placed with (its discount is in order_discounts); null without one. */
    promoCode: text('promo_code'),
    /** What the code saved in all: lines, order and delivery. */
    promoSaving: integer('promo_saving').notNull().default(0),
    /** The phone the latest prompt went to, `2547XXXXXXXX`. */
    phone: text('phone').notNull(),
    deliveryAreaId: text('delivery_area_id').references(() => deliveryAreas.id, { onDelete: 'set null' }),
    deliveryAreaName: text('delivery_area_name'),
    address: text('address').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** `due` once a paid order is cancelled, `refunded` when an admin has recorded the reversal. */
    refundStatus: text('refund_status', { enum: REFUND_STATUSES }),
    /** The M-Pesa reversal's transaction id, as the admin recorded it. */
    refundReference: text('refund_reference'),
    refundAmount: integer('refund_amount'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** The staff member with the rider role taking the order out; set when it goes out for delivery. */
    riderId: uuid('rider_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    riderAssignedAt: timestamp('rider_assigned_at', { withTimezone: true }),
    /** When the order was marked delivered (a later change, such as a refund, moves `updatedAt` only). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('orders_number_uq').on(t.number),
    uniqueIndex('orders_user_idempotency_uq').on(t.userId, t.idempotencyKey),
    uniqueIndex('orders_refund_reference_uq').on(t.refundReference),
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc(), t.id),
    // The back office: the newest first, filtered by either status; the dashboard's paid revenue.
    index('orders_created_idx').on(t.createdAt.desc(), t.id),
    index('orders_payment_status_created_idx').on(t.paymentStatus, t.createdAt.desc(), t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt.desc(), t.id),
    index('orders_paid_at_idx')
      .on(t.paidAt, t.total)
      .where(sql`payment_status = 'paid'`),
    index('orders_phone_idx').on(t.phone),
    // A rider's round: their orders by status.
    index('orders_rider_status_idx')
      .on(t.riderId, t.status)
      .where(sql`rider_id IS NOT NULL`),
    check('orders_total_sum', sql`${t.total} = ${t.subtotal} - ${t.orderSaving} + ${t.shippingRate}`),
    check('orders_order_saving_range', sql`${t.orderSaving} >= 0 AND ${t.orderSaving} < ${t.subtotal}`),
    check('orders_total_positive', sql`${t.total} > 0`),
    check('orders_refund_amount_positive', sql`${t.refundAmount} IS NULL OR ${t.refundAmount} > 0`),
  ],
);

/** The discounts an order's prices used, one use each; given back with the order's stock. */
export const orderDiscounts = pgTable(
  'order_discounts',
  {
    orderId: ownedBy('order_id', () => orders.id),
    discountId: ownedBy('discount_id', () => discounts.id),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.discountId] }),
    index('order_discounts_discount_idx').on(t.discountId),
  ],
);

/** The lines of an order as they were sold: names and prices copied, not referenced. */
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: ownedBy('order_id', () => orders.id),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    variantId: uuid('variant_id').references(() => variants.id, { onDelete: 'set null' }),
    productPid: text('product_pid').notNull(),
    name: text('name').notNull(),
    variantName: text('variant_name').notNull(),
    image: text('image'),
    unitPrice: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    totalPrice: integer('total_price').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId, t.position),
    index('order_items_product_idx').on(t.productId),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** One M-Pesa prompt for an order; an order has at most one open attempt at a time. */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: ownedBy('order_id', () => orders.id),
    phone: text('phone').notNull(),
    amount: integer('amount').notNull(),
    /** `pending` and `unknown` (the push timed out, so it may have reached the phone) are open. */
    status: text('status', { enum: ATTEMPT_STATUSES }).notNull().default('pending'),
    /** Why it failed, expired or needs review (contract PaymentIssue). */
    issue: text('issue', { enum: PAYMENT_ISSUES }),
    merchantRequestId: text('merchant_request_id'),
    /** Daraja's id for the prompt; null until the push is accepted (or when it never was). */
    checkoutRequestId: text('checkout_request_id'),
    resultCode: integer('result_code'),
    resultDesc: text('result_desc'),
    receipt: text('receipt'),
    /** What the callback said was paid, when it said. */
    paidAmount: integer('paid_amount'),
    /** STK queries made by the reconciler, and when it looks next (also its claim on the row). */
    checks: integer('checks').notNull().default(0),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull(),
    /** After this an open attempt is expired and its order's units go back. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payment_attempts_checkout_request_uq').on(t.checkoutRequestId),
    uniqueIndex('payment_attempts_receipt_uq').on(t.receipt),
    uniqueIndex('payment_attempts_one_open_uq')
      .on(t.orderId)
      .where(sql`status in ('pending', 'unknown')`),
    index('payment_attempts_order_idx').on(t.orderId, t.createdAt),
    index('payment_attempts_due_idx')
      .on(t.nextCheckAt)
      .where(sql`status in ('pending', 'unknown')`),
    check('payment_attempts_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Products a shopper saved for later. */
export const savedItems = pgTable(
  'saved_items',
  {
    userId: ownedBy('user_id', () => users.id),
    productId: ownedBy('product_id', () => products.id),
    createdAt: timestamps.createdAt,
    /**
     * What the shopper saw when saving: the card's price (first variant, after discounts, whole KSH)
     * and whether it could be bought. Null for items saved before the shop kept it.
     */
    priceThen: integer('price_then'),
    inStockThen: boolean('in_stock_then'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    check('saved_items_price_then_positive', sql`${t.priceThen} > 0`),
    index('saved_items_user_created_idx').on(t.userId, t.createdAt.desc()),
  ],
);

// ── Back office ──────────────────────────────────────────────────────────────────────────────────

/** Who changed what in the catalogue, and when; read on the product's edit page. */
export const activityLog = pgTable(
  'activity_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What kind of record changed (contract ActivityEntity). */
    entity: text('entity', { enum: ACTIVITY_ENTITIES }).notNull(),
    entityId: uuid('entity_id').notNull(),
    /** What happened (contract ActivityAction). */
    action: text('action', { enum: ACTIVITY_ACTIONS }).notNull(),
    /** The admin; kept as a name too, so the log outlives the account. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    /** One line in words, e.g. "Price of 1 kg changed from KSH 120 to KSH 150". */
    summary: text('summary').notNull().default(''),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index('activity_log_entity_idx').on(t.entity, t.entityId, t.createdAt.desc()),
    index('activity_log_created_idx').on(t.createdAt.desc()),
  ],
);

// ── Dashboard rollup (server/modules/dashboard/rollup.ts, docs/architecture.md) ───────────────────

/**
 * What one figure of the dashboard gains or loses: `status` and `payment` count orders by
 * fulfilment and payment status (`key` the status, no day); `paid` is the paid orders and their
 * total of a Nairobi day (`day`, no key); `sold` the units and line revenue of a product (`key`,
 * its id) in the orders paid on a Nairobi day.
 */
const dashboardFigure = {
  kind: text('kind', { enum: ['status', 'payment', 'paid', 'sold'] }).notNull(),
  day: date('day', { mode: 'string' }),
  key: text('key'),
  orders: integer('orders').notNull().default(0),
  units: bigint('units', { mode: 'number' }).notNull().default(0),
  revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
};

/**
 * Changes to the dashboard's figures, appended by the triggers on orders and order_items (migration
 * 0011) in the transaction of the write: insert-only, so checkouts never wait on each other for them.
 */
export const dashboardDeltas = pgTable('dashboard_deltas', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  ...dashboardFigure,
});

/** The deltas summed per figure by the compaction job; the dashboard adds the deltas not yet in it. */
export const dashboardRollup = pgTable('dashboard_rollup', dashboardFigure, (t) => [
  unique('dashboard_rollup_figure_uq').on(t.kind, t.day, t.key).nullsNotDistinct(),
]);

// ── Stock history and CSV imports ────────────────────────────────────────────────────────────────

/**
 * Every change of a variant's stock (variants.quantity, the units on sale: what is on the shelf less
 * what unpaid orders hold): the sum of a variant's `change` is its quantity, so the history explains
 * every unit. Written in the transaction of the change itself.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    variantId: ownedBy('variant_id', () => variants.id),
    kind: text('kind', { enum: STOCK_MOVEMENT_KINDS }).notNull(),
    /** A person's reason (adjustments only). */
    reason: text('reason', { enum: STOCK_REASONS }),
    /** Units added (positive) or taken (negative). */
    change: integer('change').notNull(),
    /** variants.quantity right after the change. */
    levelAfter: integer('level_after').notNull(),
    /** The person, for adjustments; kept as a name too, so the history outlives the account. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull().default(''),
    /** The order, for sales and releases. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** Free words: the person's note, or what did it ("CSV import products.csv"). */
    note: text('note').notNull().default(''),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index('stock_movements_variant_idx').on(t.variantId, t.createdAt.desc(), t.id),
    check('stock_movements_level_non_negative', sql`${t.levelAfter} >= 0`),
  ],
);

/**
 * A CSV import between its preview and its confirmation: the checked rows as the preview planned
 * them, applied at most once (`applied_at`).
 */
export const productImports = pgTable('product_imports', {
  id: uuid('id').primaryKey().defaultRandom(),
  actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
  fileName: text('file_name').notNull(),
  /** The parsed rows (JSON), as the preview read them. */
  rows: jsonb('rows').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }),
  createdAt: timestamps.createdAt,
});
