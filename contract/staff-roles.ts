/*
 * The staff roles by name (what each may do is in contract/roles.ts). A module of its own, without zod,
 * because the SPA's first load reads a signed-in person's role from the token, and the permission table
 * with its phrases belongs to the back office's chunks, not to every shopper's first visit.
 */
export const STAFF_ROLES = ['owner', 'manager', 'catalogue', 'fulfilment', 'rider'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (value: unknown): value is StaffRole =>
  (STAFF_ROLES as readonly unknown[]).includes(value);
