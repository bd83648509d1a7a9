import { describe, expect, it } from 'vitest';
import { restoreInlineStyles, serverRenderedState, SSR_STATE_ID } from './ssr-state';

/** A page as the server writes it for `href`, with its state script holding `json`. */
function page(json: string) {
  document.head.innerHTML = `<script id="${SSR_STATE_ID}" type="application/json">${json}</script>`;
}

describe('taking over a server-rendered page', () => {
  it('reads the server’s state when it was rendered for the address shown', () => {
    window.history.replaceState(null, '', '/view/category/abc?sort=price-asc');
    page(
      JSON.stringify({
        href: '/view/category/abc?sort=price-asc',
        queries: { queries: [], mutations: [] },
        styles: [],
      }),
    );
    expect(serverRenderedState()?.href).toBe('/view/category/abc?sort=price-asc');
  });

  it('renders afresh when the state is for another address, missing or unreadable', () => {
    window.history.replaceState(null, '', '/cart');
    page(JSON.stringify({ href: '/', queries: { queries: [], mutations: [] }, styles: [] }));
    expect(serverRenderedState()).toBeUndefined();
    page('{"href": "/cart", ');
    expect(serverRenderedState()).toBeUndefined();
    document.head.innerHTML = '';
    expect(serverRenderedState()).toBeUndefined();
  });

  it('gives marked elements their inline styles back and drops the marks', () => {
    const root = document.createElement('div');
    root.innerHTML =
      '<div id="a" data-ssr-style="0"></div><span id="b" data-ssr-style="1"></span><p id="c" data-ssr-style="7"></p>';
    restoreInlineStyles(root, ['outline:0', '--height:0px;--width:0px']);
    const a = root.querySelector<HTMLElement>('#a')!;
    const b = root.querySelector<HTMLElement>('#b')!;
    expect(a.style.outline).toBe('0px');
    expect(b.style.getPropertyValue('--width')).toBe('0px');
    expect(root.querySelectorAll('[data-ssr-style]')).toHaveLength(0);
    // A mark with no style listed (a page edited by hand) is dropped, nothing else.
    expect(root.querySelector<HTMLElement>('#c')!.getAttribute('style')).toBeNull();
  });
});
