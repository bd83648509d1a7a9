import { describe, expect, it } from 'vitest';
import { installOfferDue } from './install-offer';

describe('when the shop offers to be added to the home screen', () => {
  it('never on the first visit’s pages, nor on the first screen of a later visit', () => {
    expect(installOfferDue({ visits: 1, arrivals: 1, pathname: '/' })).toBe(false);
    expect(installOfferDue({ visits: 1, arrivals: 5, pathname: '/category/fruits' })).toBe(false);
    expect(installOfferDue({ visits: 2, arrivals: 1, pathname: '/' })).toBe(false);
  });

  it('on a second visit once the shopper moves on, or after an order', () => {
    expect(installOfferDue({ visits: 2, arrivals: 2, pathname: '/product/mango' })).toBe(true);
    expect(installOfferDue({ visits: 1, arrivals: 4, pathname: '/account/orders/o-1' })).toBe(true);
    expect(installOfferDue({ visits: 1, arrivals: 4, pathname: '/account/orders' })).toBe(false);
  });
});
