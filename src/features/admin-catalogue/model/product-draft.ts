import { ProductInput, type AdminProduct, type AdminVariant, type ProductInputDraft } from '@contract/admin';
import type { Image } from '@contract/catalogue';

/*
 * The product form's state and its one way to change: `productDraftReducer`. Fields change one
 * at a time, numbers and switches coerced from what the inputs give (text, "true"/"false"):
 * docs/behaviour.md#back-office-forms.
 * Pure, so the rules are tested without a screen.
 */

export interface VariantDraft {
  /** A stable React key, also for variants not saved yet. */
  key: string;
  variantId?: string;
  name: string;
  /** '' while the field is empty, so the input can be cleared. */
  price: number | '';
  quantity: number | '';
  isAvailable: boolean;
  attributes: { attributeId: string; value: string }[];
}

export interface ProductDraft {
  name: string;
  description: string;
  recipeTips: string;
  categoryIds: string[];
  /** In display order: the first is the card image. */
  images: Image[];
  variants: VariantDraft[];
  /** Variants the product had, archived now or on save; restoring one puts it back in the list. */
  archivedVariants: VariantDraft[];
  hidden: boolean;
}

type TextField = 'name' | 'description' | 'recipeTips';
type VariantField = 'name' | 'price' | 'quantity' | 'isAvailable';

export type DraftAction =
  | { type: 'field'; field: TextField | 'hidden'; value: string | boolean }
  | { type: 'variantField'; index: number; field: VariantField; value: string | number | boolean }
  | { type: 'addVariant' }
  | { type: 'removeVariant'; index: number }
  | { type: 'moveVariant'; index: number; by: -1 | 1 }
  | { type: 'restoreVariant'; key: string }
  | { type: 'setAttribute'; index: number; attributeId: string; value: string }
  | { type: 'removeAttribute'; index: number; attributeId: string }
  | { type: 'setCategories'; categoryIds: string[] }
  | { type: 'addImages'; images: Image[] }
  | { type: 'removeImage'; imageId: string }
  | { type: 'moveImage'; index: number; by: -1 | 1 }
  | { type: 'replaceImage'; imageId: string; image: Image }
  | { type: 'setAltText'; imageId: string; altText: string }
  | { type: 'reset'; draft: ProductDraft };

let keySequence = 0;
const newKey = () => `new-${(keySequence += 1)}`;

const emptyVariant = (): VariantDraft => ({
  key: newKey(),
  name: '',
  price: '',
  quantity: '',
  isAvailable: true,
  attributes: [],
});

export const emptyDraft = (): ProductDraft => ({
  name: '',
  description: '',
  recipeTips: '',
  categoryIds: [],
  images: [],
  variants: [emptyVariant()],
  archivedVariants: [],
  hidden: false,
});

const variantDraft = (v: AdminVariant): VariantDraft => ({
  key: v.variantId,
  variantId: v.variantId,
  name: v.name,
  price: v.price,
  quantity: v.quantity,
  isAvailable: v.isAvailable,
  attributes: v.attributes.map((a) => ({ ...a })),
});

/** The form's starting point for a product the server sent. */
export function draftFromProduct(p: AdminProduct): ProductDraft {
  const byId = new Map(p.images.map((i) => [i.imageId, i]));
  return {
    name: p.name,
    description: p.description,
    recipeTips: p.recipeTips,
    categoryIds: [...p.categoryIds],
    images: p.imageIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
    variants: p.variants.filter((v) => v.archivedAt === null).map(variantDraft),
    archivedVariants: p.variants.filter((v) => v.archivedAt !== null).map(variantDraft),
    hidden: p.hidden,
  };
}

/** Text from a number input as a number: '' stays '' (an empty field), anything else is parsed. */
export function coerceNumber(value: string | number | boolean): number | '' {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  const text = value.trim().replace(/[,\s]/g, '');
  return text === '' ? '' : Number(text);
}

/** A switch or checkbox value as a boolean: `"true"`, `"on"` and true are on. */
export function coerceBoolean(value: string | number | boolean): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  return ['true', 'on', '1', 'yes'].includes(value.trim().toLowerCase());
}

const move = <T>(list: T[], index: number, by: number): T[] => {
  const to = index + by;
  if (index < 0 || to < 0 || index >= list.length || to >= list.length) return list;
  const next = [...list];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
};

const updateVariant = (draft: ProductDraft, index: number, change: (v: VariantDraft) => VariantDraft): ProductDraft =>
  draft.variants[index]
    ? { ...draft, variants: draft.variants.map((v, i) => (i === index ? change(v) : v)) }
    : draft;

export function productDraftReducer(draft: ProductDraft, action: DraftAction): ProductDraft {
  switch (action.type) {
    case 'field':
      return action.field === 'hidden'
        ? { ...draft, hidden: coerceBoolean(action.value) }
        : { ...draft, [action.field]: String(action.value) };
    case 'variantField':
      return updateVariant(draft, action.index, (v) => {
        if (action.field === 'price' || action.field === 'quantity')
          return { ...v, [action.field]: coerceNumber(action.value) };
        if (action.field === 'isAvailable') return { ...v, isAvailable: coerceBoolean(action.value) };
        return { ...v, name: String(action.value) };
      });
    case 'addVariant':
      return { ...draft, variants: [...draft.variants, emptyVariant()] };
    case 'removeVariant': {
      const removed = draft.variants[action.index];
      // A product keeps at least one variant (the contract refuses none).
      if (!removed || draft.variants.length <= 1) return draft;
      return {
        ...draft,
        variants: draft.variants.filter((_, i) => i !== action.index),
        // A saved variant is archived by the save, and can come back until then and after.
        archivedVariants: removed.variantId ? [...draft.archivedVariants, removed] : draft.archivedVariants,
      };
    }
    case 'moveVariant': {
      const variants = move(draft.variants, action.index, action.by);
      return variants === draft.variants ? draft : { ...draft, variants };
    }
    case 'restoreVariant': {
      const restored = draft.archivedVariants.find((v) => v.key === action.key);
      if (!restored) return draft;
      return {
        ...draft,
        variants: [...draft.variants, restored],
        archivedVariants: draft.archivedVariants.filter((v) => v.key !== action.key),
      };
    }
    case 'setAttribute':
      return updateVariant(draft, action.index, (v) => {
        const value = action.value.trim();
        const others = v.attributes.filter((a) => a.attributeId !== action.attributeId);
        const at = v.attributes.findIndex((a) => a.attributeId === action.attributeId);
        if (!value) return { ...v, attributes: others };
        const entry = { attributeId: action.attributeId, value };
        return {
          ...v,
          attributes: at === -1 ? [...v.attributes, entry] : v.attributes.map((a, i) => (i === at ? entry : a)),
        };
      });
    case 'removeAttribute':
      return updateVariant(draft, action.index, (v) => ({
        ...v,
        attributes: v.attributes.filter((a) => a.attributeId !== action.attributeId),
      }));
    case 'setCategories':
      return { ...draft, categoryIds: [...new Set(action.categoryIds)] };
    case 'addImages': {
      const known = new Set(draft.images.map((i) => i.imageId));
      return { ...draft, images: [...draft.images, ...action.images.filter((i) => !known.has(i.imageId))] };
    }
    case 'removeImage':
      return { ...draft, images: draft.images.filter((i) => i.imageId !== action.imageId) };
    case 'moveImage': {
      const images = move(draft.images, action.index, action.by);
      return images === draft.images ? draft : { ...draft, images };
    }
    case 'replaceImage':
      return { ...draft, images: draft.images.map((i) => (i.imageId === action.imageId ? action.image : i)) };
    case 'setAltText':
      return {
        ...draft,
        images: draft.images.map((i) => (i.imageId === action.imageId ? { ...i, altText: action.altText } : i)),
      };
    case 'reset':
      return action.draft;
  }
}

/**
 * The body the contract expects; an empty number field goes as a missing number, which it refuses.
 * Existing variants go without their quantity.
 */
function draftToInput(draft: ProductDraft): ProductInputDraft {
  return {
    name: draft.name,
    description: draft.description,
    recipeTips: draft.recipeTips,
    categoryIds: draft.categoryIds,
    imageIds: draft.images.map((i) => i.imageId),
    variants: draft.variants.map((v) => ({
      ...(v.variantId ? { variantId: v.variantId } : {}),
      name: v.name,
      price: v.price === '' ? (undefined as unknown as number) : v.price,
      // An existing variant's stock moves only by adjustments (the history records each): a save
      // leaves it as it is. A new one opens with its quantity.
      ...(v.variantId ? {} : { quantity: v.quantity === '' ? (undefined as unknown as number) : v.quantity }),
      isAvailable: v.isAvailable,
      attributes: v.attributes,
    })),
    hidden: draft.hidden,
  };
}

/** Field problems by dotted path (`variants.1.price`), the first one of each path. */
export type FieldErrors = Record<string, string>;

/** The contract's verdict on a draft: the body to send, or the problems under each field. */
export function validateDraft(draft: ProductDraft): { input: ProductInput } | { errors: FieldErrors } {
  const parsed = ProductInput.safeParse(draftToInput(draft));
  if (parsed.success) return { input: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= issue.message;
  }
  return { errors };
}

/** Whether the draft would save something different from `initial` (the unsaved-changes guard). */
export const isDraftDirty = (draft: ProductDraft, initial: ProductDraft) =>
  JSON.stringify({ ...draftToInput(draft), alts: draft.images.map((i) => i.altText) }) !==
  JSON.stringify({ ...draftToInput(initial), alts: initial.images.map((i) => i.altText) });
