import { CATEGORY_COLORS } from '@contract/category-colors';
import type { Category } from '@contract/catalogue';
import { mdiShapeOutline } from '@mdi/js';

/**
 * The icon of a category: the SVG path the server sends (Category.iconPath), so the shop draws any
 * icon an admin picks without bundling the icon set; a category without one shows a neutral shape.
 */
export const categoryIcon = (category: Pick<Category, 'iconPath'>): string =>
  category.iconPath || mdiShapeOutline;

/** Palettes the theme has: those an admin may choose, and the brand's status colours. */
const PALETTES = new Set<string>([...CATEGORY_COLORS, 'info', 'warning', 'danger', 'support']);

/** The `colorPalette` of a category; a name the theme lacks falls back to grey rather than no colour. */
export const categoryPalette = (color: string): string => (PALETTES.has(color) ? color : 'gray');
