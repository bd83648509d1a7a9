import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';
import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';
import { afterNextPaint } from './after-next-paint';

/**
 * Toasts of the shop (docs/behaviour.md#toasts), shown by sonner. Sonner (~10 KB gzip) loads with the first
 * toast rather than with the landing page; its Toaster replays toasts raised before it mounted. Every toast
 * carries a class naming its id so the host can close it on click (sonner itself only closes on swipe or a
 * close button); see ToastHost.
 */
type Sonner = typeof SonnerModule;
type Kind = 'success' | 'error' | 'info' | 'warning' | 'message';

const ID_CLASS_PREFIX = 'sokoni-toast-id-';
let sequence = 0;
let sonner: Promise<Sonner> | null = null;
const hostListeners = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    hostListeners.forEach((listener) => listener());
  }
  return sonner;
}

function show(kind: Kind, message: ReactNode, options: ExternalToast = {}): string | number {
  const id = options.id ?? `t${Date.now().toString(36)}${(sequence += 1)}`;
  const className = [options.className, `${ID_CLASS_PREFIX}${id}`].filter(Boolean).join(' ');
  // A toast is never what the tap that raised it must show first: sonner renders it with `flushSync`,
  // and the first one mounts the toaster. A toast and a later dismissal of it keep their order.
  afterNextPaint(() => {
    loadSonner()
      .then(({ toast }) => toast[kind](message, { ...options, id, className }))
      .catch((error: unknown) => console.warn('[sokoni] could not show a notification', message, error));
  });
  return id;
}

export const notify = {
  success: (message: ReactNode, options?: ExternalToast) => show('success', message, options),
  error: (message: ReactNode, options?: ExternalToast) => show('error', message, options),
  info: (message: ReactNode, options?: ExternalToast) => show('info', message, options),
  warning: (message: ReactNode, options?: ExternalToast) => show('warning', message, options),
  message: (message: ReactNode, options?: ExternalToast) => show('message', message, options),
  /** Closes one toast, or all of them without an id. */
  dismiss: (id?: string | number) => {
    afterNextPaint(() => void sonner?.then(({ toast }) => toast.dismiss(id)));
  },
};

/** True once a toast was raised, i.e. once the toaster must be on the page. */
export function useToasterNeeded(): boolean {
  return useSyncExternalStore(
    (listener) => {
      hostListeners.add(listener);
      return () => hostListeners.delete(listener);
    },
    () => sonner !== null,
    () => false,
  );
}

/** The toast id a clicked element belongs to, if it is (inside) one of our toasts. */
export function toastIdFromElement(target: Element | null): string | null {
  const toastElement = target?.closest('[data-sonner-toast]');
  if (!toastElement) return null;
  for (const name of toastElement.classList) {
    if (name.startsWith(ID_CLASS_PREFIX)) return name.slice(ID_CLASS_PREFIX.length);
  }
  return null;
}
