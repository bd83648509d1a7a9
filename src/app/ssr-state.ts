import type { SystemContext } from '@chakra-ui/react';
import type { EmotionCache } from '@emotion/cache';
import type { DehydratedState } from '@tanstack/react-query';

/** The id of the JSON script the server renderer writes into a page it rendered (src/entry-server.tsx). */
export const SSR_STATE_ID = 'sokoni-ssr-state';

/** What the server hands the browser with a rendered page: the address it rendered and its query cache. */
export interface ServerRenderedState {
  /** The path and query the server rendered, as requested. */
  href: string;
  queries: DehydratedState;
  /** The inline styles of the markup, by the index its elements carry in `data-ssr-style` (see below). */
  styles: string[];
}

/**
 * The page's policy refuses `style="…"` attributes in markup (style-src has no 'unsafe-inline'), while
 * styles set from script are allowed. So the server writes each element's inline style as an index
 * in this attribute, with a nonce'd rule for it in the head (the page looks right before any script),
 * and the browser turns them back into inline styles before React takes the markup over.
 */
export const SSR_STYLE_ATTR = 'data-ssr-style';

/** The attribute of the <style> with a server-rendered page's own rules: the Emotion ids of those rules. */
export const SSR_STYLE_IDS_ATTR = 'data-ssr-ids';

/**
 * Tells Emotion's `cache` that the rules of a server-rendered page are in the document already, so
 * it never inserts them again. Emotion's own way (a `data-emotion` tag it hydrates) moves the <style>
 * to where its cache keeps its tags, and a moved <style> is parsed again and the whole page's style
 * recalculated (~150 ms at 4× CPU) while the page is being taken over.
 */
export function adoptServerStyles<T extends EmotionCache>(
  cache: T,
  doc: Document | undefined = globalThis.document,
): T {
  for (const style of doc?.querySelectorAll(`style[${SSR_STYLE_IDS_ATTR}]`) ?? [])
    for (const id of style.getAttribute(SSR_STYLE_IDS_ATTR)?.split(' ') ?? [])
      if (id) cache.inserted[id] = true;
  return cache;
}

/** The attribute of the <style> with the theme's global CSS (tokens, reset) a rendered page comes with. */
export const SSR_GLOBAL_ATTR = 'data-ssr-global';

/**
 * The Chakra system for this document: on a page the server rendered, which has the theme's global
 * CSS already, one that gives Chakra's <Global> nothing to insert (so that CSS is never made in the
 * browser: scripts/vite-chakra.ts `globalCssOnDemand`); otherwise `system` itself.
 */
export function withServerGlobals(
  system: SystemContext,
  doc: Document | undefined = globalThis.document,
): SystemContext {
  if (!doc?.querySelector(`style[${SSR_GLOBAL_ATTR}]`)) return system;
  return Object.create(system, {
    _global: { value: [] },
    _config: { value: { ...system._config, disableLayers: true } },
  }) as SystemContext;
}

/** Gives every element marked by the server its inline style back and drops the mark. */
export function restoreInlineStyles(root: ParentNode, styles: readonly string[]): void {
  for (const el of root.querySelectorAll<HTMLElement>(`[${SSR_STYLE_ATTR}]`)) {
    const css = styles[Number(el.getAttribute(SSR_STYLE_ATTR))];
    if (css !== undefined) el.style.cssText = css;
    el.removeAttribute(SSR_STYLE_ATTR);
  }
}

/**
 * The server's state when this page was rendered on the server for the address now shown; otherwise
 * (a plain SPA page, the mock build, a page saved and reopened elsewhere) undefined, and the app
 * renders from scratch.
 */
export function serverRenderedState(doc: Document = document): ServerRenderedState | undefined {
  const script = doc.getElementById(SSR_STATE_ID);
  if (!script?.textContent) return undefined;
  try {
    const state = JSON.parse(script.textContent) as ServerRenderedState;
    const here = doc.location ? doc.location.pathname + doc.location.search : undefined;
    if (typeof state.href !== 'string' || here !== state.href) return undefined;
    return state;
  } catch {
    return undefined;
  }
}

declare global {
  interface Window {
    /** Set by `holdEarlyPresses` on a server-rendered page until the app takes the presses it held. */
    sokoniEarlyPresses?: () => EarlyPress[];
  }
}

/**
 * What a shopper did on a server-drawn page before the app took it over: a button or a link pressed,
 * a choice made in a list or the text typed into a box (`value`: what it was left with), a box ticked
 * or a radio chosen (`checked`), a form sent (`submit`, Enter in a box).
 */
interface EarlyPress {
  target: Element;
  value?: string;
  checked?: boolean;
  submit?: true;
}

/**
 * Before the app has taken a server-drawn page over, its buttons and forms have no handlers yet (they
 * arrive with the app's scripts, seconds after the first paint on a slow phone), and the app then
 * draws its boxes and lists from its own state, over whatever the shopper typed or chose. So this
 * holds all of it, in the order done, until the app takes it (`replayEarlyPresses`): a press on a
 * button, a choice in a list, a radio or a box, the text typed into a box, a form sent (which would
 * otherwise load the form's address with none of it). Links work without the app and are left alone,
 * unless something is held already: a link's full-page load would drop it, so the link is held too and
 * followed once the rest is done (a click that opens another tab or window is let through).
 *
 * It runs inline in a rendered page's head, before the first paint (src/entry-server.tsx writes its
 * source into the page), so it is self-contained: it names nothing from outside itself.
 */
export function holdEarlyPresses(win: Window & typeof globalThis): void {
  const held: EarlyPress[] = [];
  const keep = (event: Event, press: EarlyPress) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(press);
  };
  const hold = (event: Event) => {
    const { target, button, ctrlKey, metaKey, shiftKey, altKey } = event as MouseEvent;
    const pressed =
      target instanceof win.Element
        ? (target.closest('button, [role="button"]') ??
          (held.length && !button && !ctrlKey && !metaKey && !shiftKey && !altKey
            ? target.closest('a[href]:not([target="_blank"]):not([download])')
            : null))
        : null;
    if (pressed) keep(event, { target: pressed });
  };
  const send = (event: Event) => keep(event, { target: event.target as Element, submit: true });
  const checkable = (box: EventTarget | null): box is HTMLInputElement =>
    box instanceof win.HTMLInputElement && /^(checkbox|radio)$/.test(box.type);
  const choose = (event: Event) => {
    const { target } = event;
    if (target instanceof win.HTMLSelectElement) held.push({ target, value: target.value });
    else if (checkable(target)) held.push({ target, checked: target.checked });
  };
  const type = (event: Event) => {
    const { target } = event;
    if (!(target instanceof win.HTMLInputElement || target instanceof win.HTMLTextAreaElement) || checkable(target))
      return;
    // Only the latest text of a box typed into without a pause for anything else.
    const last = held[held.length - 1];
    if (last?.target === target) last.value = target.value;
    else held.push({ target, value: target.value });
  };
  const listeners = { click: hold, submit: send, change: choose, input: type };
  for (const [name, listener] of Object.entries(listeners)) win.document.addEventListener(name, listener, true);
  win.sokoniEarlyPresses = () => {
    for (const [name, listener] of Object.entries(listeners))
      win.document.removeEventListener(name, listener, true);
    return held.splice(0);
  };
}

/** What `ownedByApp` reads of React's fiber of a node. */
interface Fiber {
  return: Fiber | null;
  alternate: Fiber | null;
  flags: number;
  tag: number;
}

/**
 * Whether React has taken `element` over: it has committed the element, and so hears its events.
 * React marks a node with its fiber as soon as it renders it, which taking a big page over in slices
 * does well before the commit; until then an event on the node reaches nothing (and React notes a
 * box's value as the shopper left it, so it would not tell a change either). This reads the fiber as
 * React's own getNearestMountedFiber does: no ancestor still to be placed or hydrated (flags 4098),
 * up to the root (tag 3).
 */
function ownedByApp(element: Element): boolean {
  const key = Object.keys(element).find((name) => name.startsWith('__reactFiber$'));
  const fiber = key ? (element as unknown as Record<string, Fiber | undefined>)[key] : undefined;
  if (!fiber) return false;
  let node = fiber;
  let nearest: Fiber | null = fiber;
  for (let next: Fiber | null = fiber; next && !next.alternate; next = node.return) {
    node = next;
    if (node.flags & 4098) nearest = node.return;
  }
  while (node.return) node = node.return;
  return node.tag === 3 && nearest === fiber;
}

const shortPause = () => new Promise<void>((resolve) => setTimeout(resolve, 50));

/**
 * Gives a box the text the shopper typed, as the app hears typing: React tells a change by the value
 * it last saw, which it notes when `value` is assigned, not when the prototype's setter is called; so
 * it is first told of another value, then the box gets the text and says so (`input`).
 */
function typeAgain(win: Window & typeof globalThis, box: HTMLInputElement | HTMLTextAreaElement, value: string) {
  box.value = value ? '' : ' ';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(box) as object, 'value')?.set?.call(box, value);
  box.dispatchEvent(new win.Event('input', { bubbles: true }));
}

/**
 * Once the app has taken a server-drawn page over, does again what the shopper did before
 * (`holdEarlyPresses`), in its order, and lets later presses through: presses buttons and links,
 * makes lists' choices, types boxes' text, ticks boxes and sends forms. Taking a page over keeps its
 * elements, so a held one is the one on the screen; one the app has since replaced is skipped.
 *
 * React takes some parts over after the rest (a route's content is a Suspense boundary), and a
 * component may answer only once its effects ran (Chakra's accordion, through Zag, starts its machine
 * in one), so each press waits until React owns its element (for at most 10 s), then a moment for its
 * effects. A press also focused its button before the app could see it, and the accordion answers a
 * click only once focused, so the button is focused again, in the app's sight, first. A form is sent
 * a moment after the text before it, so it sends the text as the app now has it.
 */
export async function replayEarlyPresses(
  win: Window & typeof globalThis = window,
  {
    ready = ownedByApp,
    pause = shortPause,
  }: { ready?: (element: Element) => boolean; pause?: () => Promise<void> } = {},
): Promise<void> {
  const take = win.sokoniEarlyPresses;
  if (!take) return;
  delete win.sokoniEarlyPresses;
  for (const { target, value, checked, submit } of take()) {
    if (!ready(target)) {
      for (let waited = 0; target.isConnected && !ready(target) && waited < 200; waited++) await pause();
      await pause();
    }
    if (!target.isConnected) continue;
    if (submit) {
      await pause();
      if (target instanceof win.HTMLFormElement) target.requestSubmit();
    } else if (target instanceof win.HTMLSelectElement) {
      target.value = value!;
      target.dispatchEvent(new win.Event('change', { bubbles: true }));
    } else if (target instanceof win.HTMLInputElement && checked !== undefined) {
      target.checked = !checked;
      target.click();
    } else if (value !== undefined) {
      if (target instanceof win.HTMLInputElement || target instanceof win.HTMLTextAreaElement)
        typeAgain(win, target, value);
    } else if (target instanceof win.HTMLElement) {
      if (win.document.activeElement === target) target.blur();
      target.focus({ preventScroll: true });
      target.click();
    }
  }
}
