/**
 * Number of items in the shopper's cart, for the header badge. The cart feature (guest cart in
 * local storage, server cart when signed in) replaces this body; the shell only relies on the name.
 */
export function useCartCount(): number {
  return 0;
}
