import { notify } from '@/lib/notify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installOfferDue, watchForInstall } from './install-offer';

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

describe('the home-screen offer on a phone that can install the shop', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    vi.spyOn(notify, 'message').mockReturnValue('install');
  });
  afterEach(() => vi.restoreAllMocks());

  /** A visit: a new tab session, the browser's install prompt, and the pages the shopper opens. */
  function visit(pages: string[]) {
    sessionStorage.clear();
    let arrive: (pathname: string) => void = () => undefined;
    watchForInstall((onArrive) => void (arrive = onArrive));
    const prompt = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: vi.fn(() => Promise.resolve()),
    });
    window.dispatchEvent(prompt);
    for (const page of pages) arrive(page);
    return prompt;
  }

  it('holds the browser’s own prompt back and offers once, on the second visit, past the first screen', () => {
    const first = visit(['/', '/view/category/fruits', '/view/product/mango']);
    expect(first.defaultPrevented).toBe(true);
    expect(notify.message).not.toHaveBeenCalled();

    const second = visit(['/', '/cart']);
    expect(notify.message).toHaveBeenCalledTimes(1);
    const [text, options] = vi.mocked(notify.message).mock.calls[0]!;
    expect(text).toBe('Add Sokoni to your home screen');
    (options!.action as unknown as { onClick: () => void }).onClick();
    expect(second.prompt).toHaveBeenCalledTimes(1);

    // Whatever the answer, never again.
    visit(['/', '/cart', '/account/orders/o-1']);
    expect(notify.message).toHaveBeenCalledTimes(1);
  });
});
