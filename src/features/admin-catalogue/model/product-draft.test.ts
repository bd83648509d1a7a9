import { describe, expect, it } from 'vitest';
import {
  coerceBoolean,
  coerceNumber,
  emptyDraft,
  isDraftDirty,
  productDraftReducer as reduce,
  validateDraft,
  type ProductDraft,
} from './product-draft';

const WEIGHT = '00000000-0000-4000-8000-000000000201';

function filled(): ProductDraft {
  let d = emptyDraft();
  d = reduce(d, { type: 'field', field: 'name', value: 'Apple mangoes' });
  d = reduce(d, { type: 'variantField', index: 0, field: 'name', value: 'Single' });
  d = reduce(d, { type: 'variantField', index: 0, field: 'price', value: '40' });
  d = reduce(d, { type: 'variantField', index: 0, field: 'quantity', value: '1,000' });
  return d;
}

describe('the product form model', () => {
  it('coerces numbers and switches from what inputs give', () => {
    expect(coerceNumber('1,250')).toBe(1250);
    expect(coerceNumber(' ')).toBe('');
    expect(coerceNumber('abc')).toBeNaN();
    expect(coerceBoolean('false')).toBe(false);
    expect(coerceBoolean('on')).toBe(true);
    const d = reduce(filled(), { type: 'variantField', index: 0, field: 'isAvailable', value: 'false' });
    expect(d.variants[0]).toMatchObject({ price: 40, quantity: 1000, isAvailable: false });
    expect(reduce(d, { type: 'field', field: 'hidden', value: 'true' }).hidden).toBe(true);
  });

  it('changes one field at a time, leaving the rest as they were', () => {
    const before = filled();
    const after = reduce(before, { type: 'variantField', index: 0, field: 'price', value: '45' });
    expect(after.variants[0]!.price).toBe(45);
    expect(after.name).toBe(before.name);
    expect(before.variants[0]!.price).toBe(40);
  });

  it('adds, moves and removes variants, keeping at least one and archiving saved ones', () => {
    let d = filled();
    d = reduce(d, { type: 'removeVariant', index: 0 });
    expect(d.variants).toHaveLength(1);
    d = reduce(d, { type: 'addVariant' });
    d = reduce(d, { type: 'variantField', index: 1, field: 'name', value: 'Tray' });
    d = reduce(d, { type: 'moveVariant', index: 1, by: -1 });
    expect(d.variants.map((v) => v.name)).toEqual(['Tray', 'Single']);
    expect(reduce(d, { type: 'moveVariant', index: 0, by: -1 })).toBe(d);

    const saved = { ...d, variants: d.variants.map((v, i) => (i === 1 ? { ...v, variantId: 'v-1', key: 'v-1' } : v)) };
    const removed = reduce(saved, { type: 'removeVariant', index: 1 });
    expect(removed.archivedVariants.map((v) => v.name)).toEqual(['Single']);
    const restored = reduce(removed, { type: 'restoreVariant', key: 'v-1' });
    expect(restored.variants.map((v) => v.name)).toEqual(['Tray', 'Single']);
    expect(restored.archivedVariants).toEqual([]);
  });

  it('sets one value per attribute, and a blank value removes it', () => {
    let d = reduce(filled(), { type: 'setAttribute', index: 0, attributeId: WEIGHT, value: '1 kg' });
    d = reduce(d, { type: 'setAttribute', index: 0, attributeId: WEIGHT, value: ' 2 kg ' });
    expect(d.variants[0]!.attributes).toEqual([{ attributeId: WEIGHT, value: '2 kg' }]);
    expect(reduce(d, { type: 'setAttribute', index: 0, attributeId: WEIGHT, value: '' }).variants[0]!.attributes).toEqual([]);
  });

  it('validates with the contract, naming each field by its path', () => {
    let d = reduce(filled(), { type: 'addVariant' });
    d = reduce(d, { type: 'variantField', index: 1, field: 'price', value: '-3' });
    const result = validateDraft(d);
    expect('errors' in result && result.errors).toMatchObject({
      'variants.1.name': 'Enter a variant name, e.g. 1 kg.',
      'variants.1.price': 'The price must be more than 0.',
      'variants.1.quantity': 'A new variant needs its stock: enter how many are in stock.',
    });
    const ok = validateDraft(filled());
    expect('input' in ok && ok.input.variants[0]).toMatchObject({ price: 40, quantity: 1000 });
  });

  it('needs no variant name for a product with one variant, but one for each of two', () => {
    const one = reduce(filled(), { type: 'variantField', index: 0, field: 'name', value: '' });
    const ok = validateDraft(one);
    expect('input' in ok && ok.input.variants[0]!.name).toBe('');
    const two = reduce(one, { type: 'addVariant' });
    const result = validateDraft(two);
    expect('errors' in result && result.errors['variants.0.name']).toBe('Enter a variant name, e.g. 1 kg.');
  });

  it('says every field error as a whole sentence', () => {
    let d = reduce(filled(), { type: 'field', field: 'name', value: ' ' });
    d = reduce(d, { type: 'addVariant' });
    const result = validateDraft(d);
    const messages = Object.values('errors' in result ? result.errors : {});
    expect(messages.length).toBeGreaterThanOrEqual(4);
    for (const message of messages) expect(message).toMatch(/^[A-Z].*\.$/);
  });

  it('knows when there are unsaved changes', () => {
    const start = filled();
    expect(isDraftDirty(start, start)).toBe(false);
    expect(isDraftDirty(reduce(start, { type: 'field', field: 'description', value: 'Sweet' }), start)).toBe(true);
  });
});
