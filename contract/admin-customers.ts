import { z } from 'zod';
import { OrderStatus, PaymentStatus } from './checkout';
import { ListMeta, pageParams, Uuid } from './common';

// `/v1/admin/customers`: the shop's shoppers as the owner and the manager see them (`customers.read`),
// and what they may do to one (`customers.manage`): block and unblock checkout, give the shopper a
// copy of their data, and erase it (Kenya's Data Protection Act, 2019).

const Ksh = z.number().int().nonnegative();
const Timestamp = z.iso.datetime({ offset: true });

const CUSTOMER_PAGE_DEFAULT = 25;
const CUSTOMER_PAGE_MAX = 100;
const CUSTOMER_SEARCH_MAX = 100;
/** How many of a customer's orders their page lists, newest first (`ordersCount` counts them all). */
export const CUSTOMER_ORDERS_SHOWN = 50;

/**
 * `GET /v1/admin/customers`: newest accounts first. `q` matches part of the name or the email, or a
 * phone in any Kenyan form (`0712 345 678`, `712345678`, `+254712345678`, `254712345678`), which finds
 * the profile's phone and the phones the shopper's orders were paid from.
 */
export const CustomerListQuery = z
  .object({
    q: z.string().trim().max(CUSTOMER_SEARCH_MAX).optional(),
    ...pageParams(CUSTOMER_PAGE_DEFAULT, CUSTOMER_PAGE_MAX),
  })
  .meta({ id: 'CustomerListQuery' });
export type CustomerListQuery = z.infer<typeof CustomerListQuery>;

export const CustomerSummary = z
  .object({
    userId: Uuid,
    name: z.string(),
    email: z.string(),
    /** The profile's phone as people write it, when it has one. */
    phone: z.string().nullable(),
    /** Whether the shop keeps the customer from checking out. */
    blocked: z.boolean(),
    /** Whether the customer's personal data was erased. */
    erased: z.boolean(),
    ordersCount: z.number().int().nonnegative(),
    /** What the customer's paid orders came to. */
    totalPaid: Ksh,
    lastOrderAt: Timestamp.nullable(),
    createdAt: Timestamp,
  })
  .meta({ id: 'CustomerSummary' });
export type CustomerSummary = z.infer<typeof CustomerSummary>;

export const CustomerList = z
  .object({ data: z.array(CustomerSummary), meta: ListMeta })
  .meta({ id: 'CustomerList' });
export type CustomerList = z.infer<typeof CustomerList>;

/** A place the customer's orders went to: one line per address and area, newest first. */
export const CustomerAddress = z
  .object({
    address: z.string(),
    areaName: z.string().nullable(),
    orders: z.number().int().positive(),
    lastUsedAt: Timestamp,
  })
  .meta({ id: 'CustomerAddress' });
export type CustomerAddress = z.infer<typeof CustomerAddress>;

const CustomerOrder = z
  .object({
    orderId: Uuid,
    number: z.number().int().positive(),
    status: OrderStatus,
    paymentStatus: PaymentStatus,
    total: Ksh,
    createdAt: Timestamp,
  })
  .meta({ id: 'CustomerOrder' });

/** `GET /v1/admin/customers/{customerId}`: the profile, where their orders went, their orders. */
export const CustomerDetail = CustomerSummary.extend({
  country: z.string().nullable(),
  /** When and why the shop blocked the customer; null while not blocked. */
  blockedAt: Timestamp.nullable(),
  blockedReason: z.string().nullable(),
  erasedAt: Timestamp.nullable(),
  addresses: z.array(CustomerAddress),
  /** The newest orders (at most CUSTOMER_ORDERS_SHOWN). */
  orders: z.array(CustomerOrder),
  savedItemsCount: z.number().int().nonnegative(),
}).meta({ id: 'CustomerDetail' });
export type CustomerDetail = z.infer<typeof CustomerDetail>;

export const CustomerIdParams = z.object({ customerId: Uuid });

const BLOCK_REASON_MIN = 3;
export const BLOCK_REASON_MAX = 300;

/** `POST /v1/admin/customers/{customerId}/block`: why, in the staff's words (the log keeps it). */
export const BlockCustomerBody = z
  .strictObject({
    reason: z
      .string('Enter the reason as text.')
      .trim()
      .min(BLOCK_REASON_MIN, `Give a reason of at least ${BLOCK_REASON_MIN} characters.`)
      .max(BLOCK_REASON_MAX, `The reason must be at most ${BLOCK_REASON_MAX} characters.`),
  })
  .meta({ id: 'BlockCustomerBody' });
export type BlockCustomerBody = z.infer<typeof BlockCustomerBody>;

/** `POST /v1/admin/customers/{customerId}/erase`: the customer's email, typed again to confirm. */
export const EraseCustomerBody = z
  .strictObject({
    confirmEmail: z
      .string('Type the customer’s email to confirm.')
      .trim()
      .min(1, 'Type the customer’s email to confirm.')
      .max(320),
  })
  .meta({ id: 'EraseCustomerBody' });
export type EraseCustomerBody = z.infer<typeof EraseCustomerBody>;

/** `GET /v1/admin/customers/{customerId}/export`: everything the shop holds on the customer, as a file. */
export const CustomerExport = z
  .object({
    exportedAt: Timestamp,
    profile: z.object({
      userId: Uuid,
      name: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
      country: z.string().nullable(),
      createdAt: Timestamp,
      blockedAt: Timestamp.nullable(),
      blockedReason: z.string().nullable(),
      erasedAt: Timestamp.nullable(),
    }),
    addresses: z.array(CustomerAddress),
    orders: z.array(
      z.object({
        orderId: Uuid,
        number: z.number().int().positive(),
        status: OrderStatus,
        paymentStatus: PaymentStatus,
        subtotal: Ksh,
        shippingRate: Ksh,
        total: Ksh,
        phone: z.string(),
        delivery: z.object({
          areaName: z.string().nullable(),
          address: z.string(),
          lat: z.number(),
          lng: z.number(),
        }),
        createdAt: Timestamp,
        paidAt: Timestamp.nullable(),
        items: z.array(
          z.object({
            name: z.string(),
            variantName: z.string(),
            unitPrice: Ksh,
            quantity: z.number().int().positive(),
            totalPrice: Ksh,
          }),
        ),
        payments: z.array(
          z.object({
            status: z.string(),
            amount: Ksh,
            phone: z.string(),
            receipt: z.string().nullable(),
            resultDesc: z.string().nullable(),
            createdAt: Timestamp,
            completedAt: Timestamp.nullable(),
          }),
        ),
      }),
    ),
    savedItems: z.array(z.object({ productId: Uuid, name: z.string(), savedAt: Timestamp })),
  })
  .meta({ id: 'CustomerExport' });
export type CustomerExport = z.infer<typeof CustomerExport>;

/** The export's file name. */
export const customerExportFilename = (customerId: string) => `sokoni-customer-${customerId}.json`;

// ── Erasure ─────────────────────────────────────────────────────────────────────────────────────

/** What an erased account and its orders keep in place of the personal data. */
export const ERASED_NAME = 'Erased customer';
export const ERASED_TEXT = 'Erased';
/** A unique address that can never receive mail (`.invalid` is reserved, RFC 2606). */
export const erasedEmail = (customerId: string) => `erased-${customerId}@erased.invalid`;

/** Whether what staff typed is the customer's email (case and spaces aside). */
export const emailConfirmed = (typed: string, email: string) =>
  typed.trim().toLowerCase() === email.trim().toLowerCase();

// ── Messages ────────────────────────────────────────────────────────────────────────────────────

export const CUSTOMER_BLOCKED_MESSAGE = "This account can't place orders right now. Please contact the shop.";
export const ACCOUNT_ERASED_MESSAGE = 'This account was erased and can no longer be used.';
export const ALREADY_BLOCKED_MESSAGE = 'This customer is already blocked.';
export const NOT_BLOCKED_MESSAGE = 'This customer is not blocked.';
export const ALREADY_ERASED_MESSAGE = "This customer's data was already erased.";
export const ERASED_CANNOT_BLOCK_MESSAGE =
  "This customer's data was erased: there is no account left to block.";
export const CONFIRM_EMAIL_MESSAGE = "The email typed is not the customer's email.";

/** Why a block or unblock may not be made (409), or null. */
export function blockRefusal(
  customer: { blocked: boolean; erased: boolean },
  block: boolean,
): { code: 'already_blocked' | 'not_blocked' | 'erased'; message: string } | null {
  if (block && customer.erased) return { code: 'erased', message: ERASED_CANNOT_BLOCK_MESSAGE };
  if (block && customer.blocked) return { code: 'already_blocked', message: ALREADY_BLOCKED_MESSAGE };
  if (!block && !customer.blocked) return { code: 'not_blocked', message: NOT_BLOCKED_MESSAGE };
  return null;
}
