import { mdiShapeOutline } from '@mdi/js';
import * as ICONS from './category-icons';

/** The icon of a category by its @mdi/js export name (Category.icon); an unknown name shows a neutral shape. */
export const categoryIcon = (name: string): string =>
  (ICONS as Readonly<Record<string, string>>)[name] ?? mdiShapeOutline;

/** Palettes the theme has (Chakra's colour scales and the brand's); Category.color names one of them. */
const PALETTES = new Set([
  'gray',
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'cyan',
  'purple',
  'pink',
  'primary',
  'secondary',
  'info',
  'warning',
  'danger',
  'support',
]);

/** The `colorPalette` of a category; a name the theme lacks falls back to grey rather than no colour. */
export const categoryPalette = (color: string): string => (PALETTES.has(color) ? color : 'gray');
