import { act, createElement, useState, type ChangeEvent, type FormEvent } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import createCache from '@emotion/cache';
import { serializeStyles } from '@emotion/serialize';
import { insertStyles } from '@emotion/utils';
import {
  adoptServerStyles,
  holdEarlyPresses,
  replayEarlyPresses,
  restoreInlineStyles,
  serverRenderedState,
  SSR_STATE_ID,
  SSR_GLOBAL_ATTR,
  SSR_STYLE_IDS_ATTR,
  withServerGlobals,
} from './ssr-state';
import { shopSystem } from './theme/system';

// The head is shared with the other files of this project (and their style caches' tags): these tests
// add their own elements and take only those away again.
const added: Element[] = [];
function addToHead(html: string): Element {
  const template = document.createElement('template');
  template.innerHTML = html;
  const element = template.content.firstElementChild!;
  document.head.append(element);
  added.push(element);
  return element;
}
afterEach(() => {
  for (const element of added.splice(0)) element.remove();
});

/** A page as the server writes it for `href`, with its state script holding `json`. */
function page(json: string) {
  for (const element of added.splice(0)) element.remove();
  addToHead(`<script id="${SSR_STATE_ID}" type="application/json">${json}</script>`);
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
    for (const element of added.splice(0)) element.remove();
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

describe('the server’s styles', () => {
  it('are adopted where they are: the cache inserts only rules the server did not send', () => {
    const sent = serializeStyles([{ color: 'red' }]);
    const fresh = serializeStyles([{ color: 'blue' }]);
    const box = document.createElement('div');
    document.body.append(box);
    box.innerHTML = `<style ${SSR_STYLE_IDS_ATTR}="${sent.name} other">.css-${sent.name}{color:red}</style>`;
    const serverStyle = box.firstElementChild;
    const cache = adoptServerStyles(createCache({ key: 'css', container: box }));

    insertStyles(cache, sent, false);
    expect(box.children).toHaveLength(1);
    expect(box.firstElementChild).toBe(serverStyle);

    insertStyles(cache, fresh, false);
    expect(box.children).toHaveLength(2);
    expect(box.firstElementChild).toBe(serverStyle);
    box.remove();
  });
});

describe('the theme on a rendered page', () => {
  it('gives Chakra no global styles to insert when the server sent them, and is the shop’s own otherwise', () => {
    const system = shopSystem();
    expect(withServerGlobals(system)).toBe(system);

    addToHead(`<style ${SSR_GLOBAL_ATTR}>:root{--chakra-colors-white:#FFFFFF}</style>`);
    const taken = withServerGlobals(system);
    expect(taken._global).toEqual([]);
    expect(taken._config.disableLayers).toBe(true);
    // Everything else is the same system: styles resolve as before.
    expect(taken.css({ color: 'fg.muted' })).toEqual(system.css({ color: 'fg.muted' }));
    expect(taken.token('colors.white')).toBe(system.token('colors.white'));
  });
});

describe('presses made before the app takes a server-drawn page over', () => {
  // jsdom has no React marks: every element counts as taken over.
  const replay = () => replayEarlyPresses(window, { ready: () => true, pause: async () => {} });
  const roots: Element[] = [];
  function page() {
    const root = document.createElement('div');
    root.innerHTML =
      '<button type="button">Add to Cart</button><button type="button">Open menu</button>' +
      '<a href="#cart">Cart</a><select aria-label="Sort by"><option value="newest">Newest</option>' +
      '<option value="price_asc">Price: low to high</option></select>';
    document.body.append(root);
    roots.push(root);
    const [add, menu] = root.querySelectorAll('button');
    const link = root.querySelector('a')!;
    const select = root.querySelector('select')!;
    const pressed: string[] = [];
    // The app's handlers, as React's would answer once the page is taken over.
    root.addEventListener('click', (event) => pressed.push((event.target as Element).textContent!));
    return { root, add: add!, menu: menu!, link, select, pressed };
  }
  afterEach(async () => {
    await replay();
    for (const root of roots.splice(0)) root.remove();
  });

  it('are held, then pressed again in their order once the app has taken over', async () => {
    const { add, menu, link, pressed } = page();
    holdEarlyPresses(window);
    // Links work without the app: not held while nothing else is.
    link.click();
    add.click();
    menu.click();
    add.click();
    expect(pressed).toEqual(['Cart']);

    await replay();
    expect(pressed).toEqual(['Cart', 'Add to Cart', 'Open menu', 'Add to Cart']);
    // From now on presses go straight to the app, and nothing is pressed twice.
    menu.click();
    await replay();
    expect(pressed).toEqual(['Cart', 'Add to Cart', 'Open menu', 'Add to Cart', 'Open menu']);
    expect(window.sokoniEarlyPresses).toBeUndefined();
  });

  it('hold a link followed after a press, so its page load does not drop the press, and follow it after', async () => {
    const { root, add, link, pressed } = page();
    let followed = 0;
    // What a browser does with a click on a link nobody stopped: it loads the link's page.
    root.addEventListener('click', (event) => {
      if (event.target === link && !event.defaultPrevented) followed += 1;
    });
    holdEarlyPresses(window);
    add.click();
    add.click();
    link.click();
    expect(pressed).toEqual([]);
    expect(followed).toBe(0);
    // A click that opens the link in another tab leaves this page as it is: let through.
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }));
    expect(pressed).toEqual(['Cart']);

    await replay();
    expect(pressed).toEqual(['Cart', 'Add to Cart', 'Add to Cart', 'Cart']);
    expect(followed).toBe(2);
  });

  it("focus each button again in the app's sight before pressing it", async () => {
    const { root, add, menu } = page();
    holdEarlyPresses(window);
    // A press focuses its button before the app listens.
    menu.focus();
    menu.click();
    add.focus();
    add.click();
    const seen: string[] = [];
    root.addEventListener('focusin', (event) => seen.push(`focus ${(event.target as Element).textContent}`));
    root.addEventListener('click', (event) => seen.push(`press ${(event.target as Element).textContent}`));
    await replay();
    expect(seen).toEqual(['focus Open menu', 'press Open menu', 'focus Add to Cart', 'press Add to Cart']);
    expect(document.activeElement).toBe(add);
  });

  it('wait for a part React takes over later, pressing it once it has', async () => {
    const { add, pressed } = page();
    holdEarlyPresses(window);
    add.click();
    let owned = false;
    let pauses = 0;
    const done = replayEarlyPresses(window, {
      ready: () => owned,
      pause: async () => {
        pauses += 1;
        if (pauses === 3) owned = true;
      },
    });
    await done;
    expect(pressed).toEqual(['Add to Cart']);
    // Three pauses until it was owned, and one more for its effects.
    expect(pauses).toBe(4);
  });

  it('skip a button the app replaced while taking the page over', async () => {
    const { add, menu, pressed } = page();
    holdEarlyPresses(window);
    add.click();
    menu.click();
    add.remove();
    await replay();
    expect(pressed).toEqual(['Open menu']);
  });

  it('hold a choice made in a list, and make it again once the app has taken over', async () => {
    const { root, add, select } = page();
    const chosen: string[] = [];
    holdEarlyPresses(window);
    select.value = 'price_asc';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    add.click();
    // Taking the page over draws the list as the app's state has it.
    select.value = 'newest';
    root.addEventListener('change', () => chosen.push(select.value));
    root.addEventListener('click', () => chosen.push('pressed'));
    await replay();
    expect(chosen).toEqual(['price_asc', 'pressed']);
    expect(select.value).toBe('price_asc');
  });

  it('hold what was typed into a box and a form sent, and type and send it again into the app', async () => {
    // A box the app draws from its own state (the search page's, from the address's query), as the
    // server drew it; the app takes it over only after the shopper typed and pressed Enter.
    function Search({ hint = '' }: { hint?: string }) {
      const [text, setText] = useState('milk');
      const [sent, setSent] = useState('');
      return createElement(
        'form',
        {
          onSubmit: (event: FormEvent) => {
            event.preventDefault();
            setSent(text);
          },
        },
        createElement('input', {
          'aria-label': 'Search',
          placeholder: hint,
          value: text,
          onChange: (event: ChangeEvent<HTMLInputElement>) => setText(event.currentTarget.value),
        }),
        createElement('output', null, sent),
      );
    }
    const root = document.createElement('div');
    root.innerHTML = renderToString(createElement(Search));
    document.body.append(root);
    roots.push(root);
    const box = root.querySelector('input')!;
    let loaded = 0;
    root.addEventListener('submit', (event) => void (event.defaultPrevented || (loaded += 1)));

    holdEarlyPresses(window);
    for (const text of ['', 'e', 'eg', 'eggs']) {
      box.value = text;
      box.dispatchEvent(new Event('input', { bubbles: true }));
    }
    root.querySelector('form')!.requestSubmit();
    expect(loaded).toBe(0);

    // The replay's pauses end when the test says so: each state in between is then certain.
    const tick = () => new Promise((resolve) => setTimeout(resolve));
    const pauses: (() => void)[] = [];
    const endPause = () => pauses.shift()?.();
    const replayed = replayEarlyPresses(window, {
      pause: () => new Promise<void>((end) => pauses.push(end)),
    });
    let done = false;
    void replayed.then(() => (done = true));

    // Until React has committed the page, nothing is typed or sent (it would hear none of it): the
    // replay keeps waiting, pause after pause.
    for (let i = 0; i < 3; i++) {
      await tick();
      expect(pauses).toHaveLength(1);
      endPause();
    }
    await tick();
    expect(root.querySelector('output')!.textContent).toBe('');

    const app = await act(() => hydrateRoot(root, createElement(Search)));
    // Taken over, the app draws the box from its state again.
    await act(() => app.render(createElement(Search, { hint: 'search' })));
    expect(box.value).toBe('milk');
    await act(async () => {
      for (let i = 0; !done && i < 50; i++) {
        endPause();
        await tick();
      }
    });
    expect(done).toBe(true);
    expect(box.value).toBe('eggs');
    expect(root.querySelector('output')!.textContent).toBe('eggs');
    app.unmount();
  });

  it('hold a radio chosen, and choose it again in the app', async () => {
    function Sizes() {
      const [size, setSize] = useState('small');
      return createElement(
        'div',
        null,
        ['small', 'large'].map((value) =>
          createElement('input', {
            key: value,
            type: 'radio',
            name: 'size',
            value,
            'aria-label': value,
            checked: size === value,
            onChange: () => setSize(value),
          }),
        ),
        createElement('output', null, size),
      );
    }
    const root = document.createElement('div');
    root.innerHTML = renderToString(createElement(Sizes));
    document.body.append(root);
    roots.push(root);
    holdEarlyPresses(window);
    root.querySelector<HTMLInputElement>('[value="large"]')!.click();

    const app = await act(() => hydrateRoot(root, createElement(Sizes)));
    await act(() => replay());
    expect(root.querySelector('output')!.textContent).toBe('large');
    expect(root.querySelector<HTMLInputElement>('[value="large"]')!.checked).toBe(true);
    app.unmount();
  });

  it('are not held on a page the server did not render', async () => {
    const { add, pressed } = page();
    await replay();
    add.click();
    expect(pressed).toEqual(['Add to Cart']);
  });

  it('are held by the same code once written into a page as its source', async () => {
    const { add, pressed } = page();
    // What src/entry-server.tsx writes into a rendered page's head.
    new Function(`(${holdEarlyPresses.toString()})(window)`)();
    add.click();
    expect(pressed).toEqual([]);
    await replay();
    expect(pressed).toEqual(['Add to Cart']);
  });
});
