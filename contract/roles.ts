/*
 * The back office is run by a team: every staff account (`type: admin`) has one role, and a role is a
 * fixed set of named permissions. Every admin operation of the API names the permission it needs
 * (`x-permission` in the OpenAPI document); the server checks it on each request, and the SPA and the
 * mocks read the same table (docs/security.md#roles-and-permissions).
 */

import type { StaffRole } from './staff-roles';

export { STAFF_ROLES, isStaffRole, type StaffRole } from './staff-roles';

/** Each permission, with what it lets a person do, as the refusal says it ("cannot record refunds"). */
export const PERMISSIONS = {
  'dashboard.read': 'see the dashboard',
  'revenue.today': "see today's takings",
  'revenue.history': 'see takings beyond today',
  'activity.read': 'see the history of changes',
  'products.read': 'see the products list',
  'products.write': 'change products, their prices, stock and images',
  'taxonomy.write': 'change categories and attributes',
  'discounts.read': 'see discounts',
  'discounts.write': 'change discounts',
  'orders.read': 'see orders',
  'orders.fulfil': 'move orders along',
  'orders.cancel': 'cancel orders',
  'orders.refund': 'record refunds',
  'payments.settle': 'settle unclear payments',
  'staff.manage': 'manage the staff',
  'customers.read': 'see customers',
  'customers.manage': 'block customers, export their data and erase them',
  'deliveries.own': 'see and deliver the orders given to them',
} as const;
export type Permission = keyof typeof PERMISSIONS;

const CATALOGUE: readonly Permission[] = [
  'products.read',
  'products.write',
  'taxonomy.write',
  'discounts.read',
  'discounts.write',
];
const ORDERS: readonly Permission[] = ['orders.read', 'orders.fulfil'];
const EVERYONE_IN_THE_OFFICE: readonly Permission[] = ['dashboard.read', 'activity.read'];

/** A rider's own deliveries: the one thing a rider does, and nothing the office needs. */
const RIDERS: readonly Permission[] = ['deliveries.own'];
const ALL = (Object.keys(PERMISSIONS) as Permission[]).filter((p) => !RIDERS.includes(p));
/** The staff, and money beyond today (the week's and month's takings, the daily chart, best sellers' takings). */
const OWNERS_ONLY: readonly Permission[] = ['revenue.history', 'staff.manage'];

/**
 * What each role may do. The owner may do everything; the manager runs the shop day to day and sees
 * today's takings, but the shop's money beyond today and its staff are the owner's;
 * the catalogue keeps products, categories, attributes and discounts and never sees an order or the
 * takings; fulfilment moves orders along (and picks the rider) but cannot cancel, refund, settle a
 * payment or touch a price; a rider sees only the deliveries given to them, and nobody else has a
 * delivery round of their own.
 */
const ROLE_PERMISSIONS: Readonly<Record<StaffRole, ReadonlySet<Permission>>> = {
  owner: new Set(ALL),
  manager: new Set(ALL.filter((p) => !OWNERS_ONLY.includes(p))),
  catalogue: new Set([...EVERYONE_IN_THE_OFFICE, ...CATALOGUE]),
  fulfilment: new Set([...EVERYONE_IN_THE_OFFICE, ...ORDERS]),
  rider: new Set(RIDERS),
};

/** Whether a staff role may do what the permission names; nobody without a role may. */
export const can = (role: StaffRole | null | undefined, permission: Permission): boolean =>
  role != null && ROLE_PERMISSIONS[role].has(permission);

/** The 403's message when a role lacks a permission: "Your role (fulfilment) cannot record refunds." */
export const refusalMessage = (role: StaffRole | null | undefined, permission: Permission): string =>
  role == null
    ? `This needs a staff account that may ${PERMISSIONS[permission]}.`
    : `Your role (${role}) cannot ${PERMISSIONS[permission]}.`;
