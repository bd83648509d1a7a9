import { z } from 'zod';
import { ListMeta, pageParams, Uuid } from './common';
import type { ProductInput } from './admin-products';

// The activity log: entries, their query and list, and the one-line summaries each admin write records.

// ── Activity ────────────────────────────────────────────────────────────────────────────────────

export const ACTIVITY_ENTITIES = [
  'product',
  'category',
  'attribute',
  'image',
  'discount',
  'order',
  'staff',
  'customer',
] as const;
export const ActivityEntity = z.enum(ACTIVITY_ENTITIES).meta({ id: 'ActivityEntity' });
export type ActivityEntity = z.infer<typeof ActivityEntity>;

export const ACTIVITY_ACTIONS = [
  'created',
  'updated',
  'hidden',
  'shown',
  'archived',
  'restored',
  'deleted',
  'uploaded',
  'reordered',
  // Discounts.
  'paused',
  'resumed',
  // Orders: a fulfilment step, a cancel, a payment asked about, settled by hand, a refund recorded.
  'status_changed',
  'cancelled',
  'payment_checked',
  'marked_paid',
  'refunded',
  // Staff: a new role, an account switched off or on.
  'role_changed',
  'deactivated',
  'reactivated',
  // Staff invitations: sent, sent again, withdrawn, taken up.
  'invited',
  'invitation_resent',
  'invitation_revoked',
  'joined',
  // Orders: the rider who takes it out.
  'rider_assigned',
  // Customers: kept from checking out and let back, a copy of their data given, their data erased.
  'blocked',
  'unblocked',
  'exported',
  'erased',
  // Products: created or changed by a CSV import, changed by a bulk edit, stock adjusted by hand.
  'imported',
  'bulk_edited',
  'stock_adjusted',
] as const;
export const ActivityAction = z.enum(ACTIVITY_ACTIONS).meta({ id: 'ActivityAction' });
export type ActivityAction = z.infer<typeof ActivityAction>;

export const ActivityEntry = z
  .object({
    activityId: Uuid,
    entity: ActivityEntity,
    entityId: Uuid,
    action: ActivityAction,
    /** Null once the admin's account is gone; the name stays. */
    actorId: Uuid.nullable(),
    actorName: z.string(),
    summary: z.string(),
    at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'ActivityEntry' });
export type ActivityEntry = z.infer<typeof ActivityEntry>;

/** `GET /v1/admin/activity?entity=&id=`: newest first. */
export const ActivityQuery = z
  .object({ entity: ActivityEntity, id: Uuid, ...pageParams(20, 100) })
  .meta({ id: 'ActivityQuery' });
export type ActivityQuery = z.infer<typeof ActivityQuery>;

export const ActivityList = z
  .object({ data: z.array(ActivityEntry), meta: ListMeta })
  .meta({ id: 'ActivityList' });
export type ActivityList = z.infer<typeof ActivityList>;

// ── Activity summaries ──────────────────────────────────────────────────────────────────────────
/*
 * The one line each write leaves in the log, in words: the server writes them and the mocks write
 * the same, so the edit page's history reads alike in mock mode.
 */

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** `"a"`, `"a" and "b"`, `"a", "b" and "c"`, for messages. */
export function quotedList(items: readonly string[]): string {
  const quoted = items.map((i) => `"${i}"`);
  return quoted.length <= 1
    ? (quoted[0] ?? '')
    : `${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]}`;
}

const ACTIVITY_SUMMARY_MAX = 500;
const clip = (s: string) =>
  s.length > ACTIVITY_SUMMARY_MAX ? `${s.slice(0, ACTIVITY_SUMMARY_MAX - 1)}…` : s;

export const productCreatedSummary = (pid: string, name: string, variants: number, hidden: boolean) =>
  `Created ${pid} “${name}” with ${plural(variants, 'variant')}${hidden ? ', hidden' : ''}.`;

/** A product as a save finds it: what its summary compares the saved body against. */
export interface ProductSnapshot {
  name: string;
  description: string;
  recipeTips: string;
  hidden: boolean;
  categoryIds: readonly string[];
  imageIds: readonly string[];
  /** Every variant, archived ones included, in position order. */
  variants: readonly {
    id: string;
    name: string;
    price: number;
    quantity: number;
    available: boolean;
    archived: boolean;
  }[];
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/**
 * What a PUT changed, in words: the product's fields, then each variant sent (restored, renamed,
 * priced, restocked, switched; or added), then the active variants left out (archived). `after`
 * carries the recipe tips as stored (sanitised), so an unchanged text is not reported.
 */
export function productSaveSummary(before: ProductSnapshot, after: ProductInput): string {
  const changes: string[] = [];
  if (before.name !== after.name) changes.push(`name “${before.name}” → “${after.name}”`);
  if (before.description !== after.description) changes.push('description');
  if (before.recipeTips !== after.recipeTips) changes.push('recipe tips');
  if (!sameSet(before.categoryIds, after.categoryIds)) changes.push('categories');
  if (before.imageIds.join() !== after.imageIds.join())
    changes.push(sameSet(before.imageIds, after.imageIds) ? 'image order' : 'images');
  if (before.hidden !== after.hidden) changes.push(after.hidden ? 'hidden' : 'shown');
  const previous = new Map(before.variants.map((v) => [v.id, v]));
  for (const v of after.variants) {
    const old = v.variantId ? previous.get(v.variantId) : undefined;
    if (!old) {
      if (before.variants.length) changes.push(`added ${v.name} at KSH ${v.price}`);
      continue;
    }
    if (old.archived) changes.push(`restored ${v.name}`);
    if (old.name !== v.name) changes.push(`variant “${old.name}” renamed “${v.name}”`);
    if (old.price !== v.price) changes.push(`${v.name} price KSH ${old.price} → ${v.price}`);
    if (v.quantity !== undefined && old.quantity !== v.quantity)
      changes.push(`${v.name} stock ${old.quantity} → ${v.quantity}`);
    if (old.available !== v.isAvailable) changes.push(`${v.name} ${v.isAvailable ? 'on sale' : 'off sale'}`);
  }
  const kept = new Set(after.variants.flatMap((v) => (v.variantId ? [v.variantId] : [])));
  for (const v of before.variants) if (!v.archived && !kept.has(v.id)) changes.push(`removed ${v.name}`);
  return changes.length ? clip(`Changed ${changes.join('; ')}.`) : 'Saved without changes.';
}

/**
 * The one entry a PATCH (or DELETE) leaves, given the switches it really flipped (a switch already
 * in the asked-for state is left out; nothing flipped, no entry). Archiving or restoring names the
 * action and a visibility change with it goes in the summary: entries of one write share a time
 * and would tie in the log.
 */
export function productPatchActivity(flipped: {
  hidden?: boolean;
  archived?: boolean;
}): { action: ActivityAction; summary: string } | null {
  const visibility = flipped.hidden === undefined ? null : flipped.hidden ? 'hidden' : 'shown';
  if (flipped.archived === undefined) return visibility && { action: visibility, summary: '' };
  const archive = flipped.archived
    ? 'Removed from the shop, search and carts; past orders keep it.'
    : 'Back in the shop.';
  return {
    action: flipped.archived ? 'archived' : 'restored',
    summary: visibility ? `${archive} Also ${visibility}.` : archive,
  };
}

/** A product's entry when an attribute write took values off its variants. */
export const valuesRemovedSummary = (values: readonly string[], attribute: string) =>
  `${quotedList(values)} of "${attribute}" deleted from its variants`;
export const attributeRemovedSummary = (attribute: string) =>
  `Attribute "${attribute}" deleted from its variants`;

export const imageUploadedSummary = (label: string, width: number, height: number) =>
  `${label} (${width} × ${height})`;
export const altTextSummary = (altText: string) => (altText ? `Alt text: ${altText}` : 'Alt text removed');
