import type { OrderStatus, PaymentIssue, PaymentStatus, RefundStatus } from './checkout';
import { orderLabel } from './fulfilment';
import { NAIROBI_OFFSET_MS } from './nairobi-time';

// The back office's CSV of orders, one copy for the server (which writes it) and the mocks (which
// stand in for it): the header, one row, and how a cell is quoted. No zod here.

/** A Nairobi wall-clock time, `YYYY-MM-DD HH:MM`, as a spreadsheet reads it; '' for none. */
const csvNairobiTime = (d: Date | null) =>
  d ? new Date(d.getTime() + NAIROBI_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ') : '';

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A cell a spreadsheet
 * would run as a formula (starting with = + - @, tab or carriage return) gets a leading apostrophe.
 */
function csvCell(value: string | number | null): string {
  let s = value === null ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const CSV_HEADER = [
  'Order',
  'Placed (Nairobi)',
  'Customer',
  'Email',
  'M-Pesa phone',
  'Status',
  'Payment',
  'Payment issue',
  'Refund',
  'Items',
  'Subtotal (KSH)',
  'Delivery (KSH)',
  'Total (KSH)',
  'Delivery area',
  'Paid (Nairobi)',
  'Promo code',
  'Promo saving (KSH)',
];

/** One order as the CSV reads it (the phone as people write it). */
export interface CsvOrder {
  number: number;
  createdAt: Date;
  name: string;
  email: string;
  phone: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentIssue: PaymentIssue | null;
  refundStatus: RefundStatus | null;
  itemCount: number;
  subtotal: number;
  shippingRate: number;
  total: number;
  deliveryAreaName: string | null;
  paidAt: Date | null;
  /** The code the order was placed with and what it saved in all (lines, order and delivery). */
  promoCode: string | null;
  promoSaving: number;
}

export const csvHeaderLine = () => CSV_HEADER.map(csvCell).join(',');

export const csvRow = (o: CsvOrder) =>
  [
    orderLabel(o.number),
    csvNairobiTime(o.createdAt),
    o.name,
    o.email,
    o.phone,
    o.status,
    o.paymentStatus,
    o.paymentIssue,
    o.refundStatus,
    o.itemCount,
    o.subtotal,
    o.shippingRate,
    o.total,
    o.deliveryAreaName,
    csvNairobiTime(o.paidAt),
    o.promoCode,
    o.promoSaving,
  ]
    .map(csvCell)
    .join(',');
