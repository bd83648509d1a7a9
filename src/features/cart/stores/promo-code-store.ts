import { PROMO_CODE_KEY } from '@/features/session';
import type { PromoRefusalReason } from '@contract/promo';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/*
 * The promo code the shopper typed: at most one, kept in the browser for guests and signed-in shoppers
 * alike (the server keeps no code per cart), so a code typed while signed out is still there after
 * sign-in and is checked again for the shopper; sign-out forgets it. Only the cart and checkout pages load this module.
 */

interface PromoCodeState {
  /** The code the cart's priced views are asked with, upper-case; null for none. */
  code: string | null;
  /**
   * Why the last code was let go (it does not exist, or too many were tried): the sentence stays
   * under the field while the code is no longer sent (from the reason, when the cart gave one, so it
   * follows the shown language). Not kept across visits.
   */
  dropped: { code: string; message: string; reason?: PromoRefusalReason } | null;
}

const usePromoCodeStore = create<PromoCodeState>()(
  persist(() => ({ code: null, dropped: null }) as PromoCodeState, {
    name: PROMO_CODE_KEY,
    version: 1,
    storage: createJSONStorage(() => localStorage),
    // Data fields only (docs/design.md#small-stores).
    partialize: ({ code }) => ({ code }),
    merge: (persisted, current) => {
      const code = (persisted as Partial<PromoCodeState> | undefined)?.code;
      return { ...current, code: typeof code === 'string' && /^[A-Z0-9-]{3,32}$/.test(code) ? code : null };
    },
  }),
);

/** Prices the cart with `code` (already checked and upper-cased) from now on. */
export const applyPromoCode = (code: string) => usePromoCodeStore.setState({ code, dropped: null });

/** No code: the shopper removed it, or an order was placed with it. */
export const clearPromoCode = () => usePromoCodeStore.setState({ code: null, dropped: null });

/** Stops sending the code, keeping the sentence that says why under the field. */
export const dropPromoCode = (code: string, message: string, reason?: PromoRefusalReason) =>
  usePromoCodeStore.setState({ code: null, dropped: { code, message, reason } });

/** The code now, for code outside React (and tests). */
export const getPromoCode = () => usePromoCodeStore.getState().code;

export const usePromoCode = () => usePromoCodeStore((s) => s.code);
export const useDroppedPromoCode = () => usePromoCodeStore((s) => s.dropped);
