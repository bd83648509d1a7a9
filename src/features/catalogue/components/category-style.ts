import {
  mdiBaguette,
  mdiBarley,
  mdiBreadSlice,
  mdiCarrot,
  mdiCoffee,
  mdiCow,
  mdiCupWater,
  mdiEgg,
  mdiFish,
  mdiFoodApple,
  mdiFoodDrumstick,
  mdiLeaf,
  mdiSack,
  mdiShaker,
  mdiShapeOutline,
  mdiWeatherSunny,
} from '@mdi/js';

/**
 * Category icons by their @mdi/js export name (Category.icon). Only the icons the catalogue uses
 * are imported, so the bundle carries these paths and not the whole set; an unknown name shows a
 * neutral shape. Add a line here when an admin picks a new icon.
 */
const ICONS: Record<string, string> = {
  mdiBaguette,
  mdiBarley,
  mdiBreadSlice,
  mdiCarrot,
  mdiCoffee,
  mdiCow,
  mdiCupWater,
  mdiEgg,
  mdiFish,
  mdiFoodApple,
  mdiFoodDrumstick,
  mdiLeaf,
  mdiSack,
  mdiShaker,
  mdiWeatherSunny,
};

export const categoryIcon = (name: string): string => ICONS[name] ?? mdiShapeOutline;

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
