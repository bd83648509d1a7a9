/**
 * The theme palettes a category may wear (Category.color: theme tokens, never hex). Zod-free, so the
 * storefront can read it without the admin schemas.
 */
export const CATEGORY_COLORS = [
  'primary',
  'secondary',
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'cyan',
  'purple',
  'pink',
  'gray',
] as const;
