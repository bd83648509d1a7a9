/**
 * The category icons (Category.icon names an @mdi/js export). Only these are bundled, not the whole
 * set (scripts/vite-inline-mdi.ts inlines each path); add a line when an admin picks a new icon.
 */
export {
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
} from '@mdi/js';
