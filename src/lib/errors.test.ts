import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorMessage, GENERIC_ERROR } from './errors';
import { adoptCatalogue } from './i18n';
import sw from '@/locales/sw';
import { CART_QUANTITY_MAX } from '@contract/cart';
import {
  CART_HINT,
  cartFull,
  cartQuantityRefusal,
  ORDER_HINT,
  outOfStock,
  reservationRefusal,
  type Refusal,
} from '@contract/stock';

describe('errorMessage', () => {
  it("prefers the server's message", () => {
    expect(errorMessage(new ApiError(409, 'That email is already registered.'), 'fallback')).toBe(
      'That email is already registered.',
    );
  });

  it("falls back to the error's own message", () => {
    expect(errorMessage(new TypeError('Failed to fetch'), 'fallback')).toBe('Failed to fetch');
  });

  it('uses the fallback when there is nothing to say', () => {
    expect(errorMessage(new Error(''), 'An error occurred.')).toBe('An error occurred.');
    expect(errorMessage(undefined, 'An error occurred.')).toBe('An error occurred.');
    expect(errorMessage({ weird: true })).toBe(GENERIC_ERROR);
    expect(GENERIC_ERROR).toBe('We encountered an error!');
  });

  it("falls back in the shown language, and keeps the server's message as it is", () => {
    adoptCatalogue('sw', sw);
    expect(errorMessage({ weird: true })).toBe('Samahani, hitilafu imetokea!');
    expect(errorMessage(new ApiError(409, 'That email is already registered.'))).toBe(
      'That email is already registered.',
    );
  });
});

describe('a stock or cart refusal', () => {
  const asError = (r: Refusal) => new ApiError(r.status, r.message, r.code, 'cid', [], { ...r.details });
  const refusals: Refusal[] = [
    outOfStock('Tilapia (1 kg)'),
    cartFull(),
    cartQuantityRefusal(CART_QUANTITY_MAX + 1, 500, 'Omena')!,
    cartQuantityRefusal(3, 0, 'Omena')!,
    cartQuantityRefusal(3, 1, 'Omena')!,
    cartQuantityRefusal(5, 2, 'Omena')!,
    ...[null, 0, 1, 4].flatMap((left) => [
      reservationRefusal('Omena (500 g)', left, CART_HINT),
      reservationRefusal('Omena (500 g)', left, ORDER_HINT),
    ]),
  ];

  it('reads in English exactly as the server writes it', () => {
    for (const r of refusals) {
      expect(r.details?.words, r.message).toBeDefined();
      expect(errorMessage(asError(r))).toBe(r.message);
    }
  });

  it('is said in Kiswahili from its words, with the product and the figures', () => {
    adoptCatalogue('sw', sw);
    expect(errorMessage(asError(reservationRefusal('Omena (500 g)', 1, CART_HINT)))).toBe(
      'Samahani, imebaki 1 tu ya Omena (500 g). Badilisha kikapu chako kisha ujaribu tena.',
    );
    expect(errorMessage(asError(cartQuantityRefusal(5, 2, 'Omena')!))).toBe(
      'Zimebaki 2 tu za Omena; kikapu chako kingekuwa na 5.',
    );
    expect(errorMessage(asError(outOfStock('Tilapia (1 kg)')))).toBe('Tilapia (1 kg) imeisha.');
  });

  it('keeps the English message when its words are unknown or missing', () => {
    adoptCatalogue('sw', sw);
    const odd = new ApiError(409, 'Sorry, Omena just sold out. Call us.', 'out_of_stock', 'cid', [], {
      words: [{ key: 'justSoldOut', values: { label: 'Omena' } }, { key: 'callUs' }],
    });
    expect(errorMessage(odd)).toBe('Sorry, Omena just sold out. Call us.');
    expect(errorMessage(asError(reservationRefusal('Omena', 0, 'Call us.')))).toBe(
      'Sorry, Omena just sold out. Call us.',
    );
  });
});
