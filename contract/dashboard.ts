import { z } from 'zod';
import { OrderStatus, PaymentStatus } from './checkout';
import { Uuid } from './common';

// `GET /v1/admin/dashboard` (issue 11): how the shop is doing, in one answer. The calendar (Nairobi
// days) and the sums live in dashboard-rules.ts, shared by the server, the mocks and the screen.

const Ksh = z.number().int().nonnegative();
const Count = z.number().int().nonnegative();
const Timestamp = z.iso.datetime({ offset: true });
const DateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Paid orders (by the time they were paid) in one period, against the as-long period just before. */
export const DashboardPeriod = z
  .object({
    /** Nairobi days in the period, today included: 1, 7 or 30. */
    days: z.number().int().positive(),
    /**
     * The paid orders' totals (delivery fees included), whole KSH; null (with `previousRevenue` and
     * `revenueChange`) for a role that may not see this period's takings (dashboardFor).
     */
    revenue: Ksh.nullable(),
    orders: Count,
    previousRevenue: Ksh.nullable(),
    previousOrders: Count,
    /** Percent against the previous period, one decimal; null when the previous period had none. */
    revenueChange: z.number().nullable(),
    ordersChange: z.number().nullable(),
  })
  .meta({ id: 'DashboardPeriod' });
export type DashboardPeriod = z.infer<typeof DashboardPeriod>;

export const DashboardDay = z
  .object({ date: DateOnly, revenue: Ksh, orders: Count })
  .meta({ id: 'DashboardDay' });
export type DashboardDay = z.infer<typeof DashboardDay>;

const BestSeller = z
  .object({
    productId: Uuid,
    pid: z.string(),
    name: z.string(),
    /** Units in paid orders over the last 30 days, and what they brought in (line totals; null as above). */
    units: Count,
    revenue: Ksh.nullable(),
  })
  .meta({ id: 'BestSeller' });
type BestSeller = z.infer<typeof BestSeller>;

/** A live variant (not archived, of a product not archived) low on or out of stock. */
export const StockAlert = z
  .object({
    productId: Uuid,
    productName: z.string(),
    variantId: Uuid,
    variantName: z.string(),
    quantity: Count,
  })
  .meta({ id: 'StockAlert' });
export type StockAlert = z.infer<typeof StockAlert>;

/** An order as the dashboard's short lists show it. */
export const DashboardOrder = z
  .object({
    orderId: Uuid,
    number: z.number().int().positive(),
    customerName: z.string(),
    status: OrderStatus,
    paymentStatus: PaymentStatus,
    total: Ksh,
    deliveryAreaName: z.string().nullable(),
    createdAt: Timestamp,
    paidAt: Timestamp.nullable(),
  })
  .meta({ id: 'DashboardOrder' });
export type DashboardOrder = z.infer<typeof DashboardOrder>;

const statusCounts = <T extends z.ZodEnum>(e: T) => z.record(e, Count);

export const AdminDashboard = z
  .object({
    generatedAt: Timestamp,
    /** Today's Nairobi date; the periods and the series end with it. */
    today: DateOnly,
    timeZone: z.literal('Africa/Nairobi'),
    periods: z.object({
      today: DashboardPeriod,
      last7Days: DashboardPeriod,
      last30Days: DashboardPeriod,
    }),
    /**
     * Paid revenue per Nairobi day over the last 30 days, oldest first, every day present; null for a
     * role that may not see takings beyond today.
     */
    revenueByDay: z.array(DashboardDay).nullable(),
    /** Every order, by fulfilment status and by payment status (every status present). */
    ordersByStatus: statusCounts(OrderStatus),
    ordersByPaymentStatus: statusCounts(PaymentStatus),
    /** Most units sold in paid orders over the last 30 days, the most first. */
    bestSellers: z.array(BestSeller),
    /** Live variants with 1–5 units, the fewest first, and how many there are in all. */
    lowStock: z.object({ count: Count, variants: z.array(StockAlert) }),
    /** Live variants with none left. */
    outOfStock: z.object({ count: Count, variants: z.array(StockAlert) }),
    /** Orders whose payment M-Pesa left unclear, the newest first. */
    needsReview: z.object({ count: Count, orders: z.array(DashboardOrder) }),
    /** The newest orders, whatever their state. */
    latestOrders: z.array(DashboardOrder),
  })
  .meta({ id: 'AdminDashboard' });
export type AdminDashboard = z.infer<typeof AdminDashboard>;
