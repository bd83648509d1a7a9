/**
 * The shop's brand colours (docs/behaviour.md#theme) and the 50–950 scales Chakra's recipes need around them.
 * The brand's value sits at 500 (950 for `support`); lighter steps are tints mixed with white and
 * darker ones shades mixed with black, so every step keeps the brand hue.
 * This folder is the only place in the app where hex values may appear.
 */
// The scales stay one line each: eleven steps of a colour read best side by side.
// prettier-ignore
export const brandScales = {
  primary: {
    50: '#FEEDF4', 100: '#FCD7E7', 200: '#F9AECF', 300: '#F581B4', 400: '#F15096', 500: '#ED1E79',
    600: '#D11A6A', 700: '#AF165A', 800: '#891146', 900: '#680D35', 950: '#470924',
  },
  secondary: {
    50: '#EEF2F8', 100: '#D9E1EF', 200: '#B3C4DF', 300: '#88A3CD', 400: '#5A7EBA', 500: '#2B5AA6',
    600: '#264F92', 700: '#20437B', 800: '#193460', 900: '#132849', 950: '#0D1B32',
  },
  info: {
    50: '#EDF7FE', 100: '#D7ECFD', 200: '#AFD9FB', 300: '#83C4F8', 400: '#52ADF6', 500: '#2196F3',
    600: '#1D84D6', 700: '#186FB4', 800: '#13578D', 900: '#0F426B', 950: '#0A2D49',
  },
  warning: {
    50: '#FFF6EB', 100: '#FEEAD1', 200: '#FED6A3', 300: '#FDBF70', 400: '#FCA538', 500: '#FB8C00',
    600: '#DD7B00', 700: '#BA6800', 800: '#925100', 900: '#6E3E00', 950: '#4B2A00',
  },
  danger: {
    50: '#FFF1F1', 100: '#FFE0E0', 200: '#FFC1C1', 300: '#FF9E9E', 400: '#FF7878', 500: '#FF5252',
    600: '#E04848', 700: '#BD3D3D', 800: '#943030', 900: '#702424', 950: '#4D1919',
  },
  // Support is pure black; its lighter steps are neutral greys so `colorPalette="support"` still has
  // subtle and muted backgrounds.
  support: {
    50: '#F5F5F5', 100: '#E8E8E8', 200: '#D1D1D1', 300: '#ABABAB', 400: '#808080', 500: '#555555',
    600: '#3B3B3B', 700: '#262626', 800: '#171717', 900: '#0A0A0A', 950: '#000000',
  },
} as const;

export type BrandPalette = keyof typeof brandScales;

/**
 * Which step fills solid buttons and badges (`solid`, under `contrast` text) and which one colours
 * text and links (`fg`, on white, on bg.subtle and on the palette's own `subtle` tint). WCAG 2.2 AA
 * wants 4.5:1 for small text, which the brand's own 500 steps mostly miss with white (pink 4.15,
 * danger 2.8, info 3.1), so solids sit a step or more darker: primary.600 is still the brand's pink
 * and reads at 5.2:1 (4.6:1 under the hover's 90 % tint). `primary.fg` (700, 6.8:1) is the pink for
 * small text and links on white. src/app/theme/contrast.test.ts holds every pair to 4.5:1.
 */
export const paletteRoles: Record<BrandPalette, { solid: number; fg: number; contrast: 'white' | 'black' }> =
  {
    primary: { solid: 600, fg: 700, contrast: 'white' },
    secondary: { solid: 500, fg: 600, contrast: 'white' },
    info: { solid: 800, fg: 800, contrast: 'white' },
    // White on this orange fails contrast, so buttons use black text (as Material's amber/orange do).
    warning: { solid: 500, fg: 800, contrast: 'black' },
    danger: { solid: 700, fg: 800, contrast: 'white' },
    support: { solid: 950, fg: 950, contrast: 'white' },
  };
