import { createSystem, defaultBaseConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
import {
  animationStyles,
  breakpoints as chakraBreakpoints,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss as chakraGlobalCss,
  keyframes as chakraKeyframes,
  layerStyles,
  semanticTokens as chakraSemanticTokens,
  textStyles,
  tokens as chakraTokens,
} from '@chakra-ui/react/theme';
import { recipes, slotRecipes } from './recipes';
import { brandScales, paletteRoles, type BrandPalette } from './palettes';
import { navigatingKeyframes, rippleKeyframes } from './ripple-styles';

const palettes = Object.keys(brandScales) as BrandPalette[];

const colorTokens = Object.fromEntries(
  palettes.map((name) => [
    name,
    Object.fromEntries(Object.entries(brandScales[name]).map(([step, value]) => [step, { value }])),
  ]),
);

// The semantic tokens Chakra's recipes read from `colorPalette` (solid, contrast, fg, …); the app has a
// single light theme, so each is one value rather than a _light/_dark pair.
const paletteSemanticTokens = Object.fromEntries(
  palettes.map((name) => {
    const { solid, fg, contrast } = paletteRoles[name];
    const ref = (step: number) => ({ value: `{colors.${name}.${step}}` });
    return [
      name,
      {
        solid: ref(solid),
        contrast: { value: contrast },
        fg: ref(fg),
        muted: ref(200),
        subtle: ref(100),
        emphasized: ref(300),
        // The ring must stand out from white by 3:1 (WCAG 1.4.11); the text step always does.
        focusRing: ref(solid === 950 ? 700 : fg),
        border: ref(solid === 950 ? 700 : 500),
      },
    ];
  }),
);

/**
 * Chakra's own palettes the shop uses for statuses and category colours. Their default `solid` is the
 * 600 step, under white text at 3.3–4.1:1 for five of them (green 3.3, teal 3.7, cyan 3.7, orange 3.6,
 * pink 4.1), and red and blue fall under 4.5:1 in the buttons' hover tint (solid at 90 %); the 700
 * step passes AA in both. Light only, like the brand palettes.
 */
const darkerSolids = Object.fromEntries(
  (['green', 'teal', 'cyan', 'orange', 'pink', 'red', 'blue'] as const).map((name) => [
    name,
    { solid: { value: `{colors.${name}.700}` } },
  ]),
);

const config = defineConfig({
  // Light only: Chakra's dark tokens hang off `.dark`, which nothing ever sets.
  globalCss: {
    html: { colorScheme: 'light', scrollBehavior: 'smooth' },
    body: { bg: 'bg.subtle', color: 'fg', minHeight: '100dvh' },
    // Buttons and anything marked data-ripple host the Material ripple (see components/ripple).
    '.chakra-button, [data-ripple]': { position: 'relative', overflow: 'hidden' },
    '.sokoni-ripple': {
      position: 'absolute',
      borderRadius: 'full',
      pointerEvents: 'none',
      bg: 'currentColor',
      opacity: 0.25,
      transform: 'scale(0)',
      animation: 'ripple 550ms ease-out forwards',
      _motionReduce: { display: 'none' },
    },
    // From the tap on a link until the next page is drawn (src/app/navigate-after-paint.ts): a bar
    // along the top that fills most of the way, slower and slower.
    'html[data-navigating] body::before': {
      content: '""',
      position: 'fixed',
      top: '0',
      insetInline: '0',
      h: '3px',
      zIndex: 'banner',
      bg: 'primary.solid',
      transformOrigin: 'left',
      animation: 'navigating 8s cubic-bezier(0.1, 0.8, 0.2, 1) forwards',
      pointerEvents: 'none',
      _motionReduce: { animation: 'none', transform: 'scaleX(0.5)' },
    },
  },
  theme: {
    // docs/behaviour.md#theme: 600 / 960 / 1280 / 1920 / 2560; "mobile" is everything below lg.
    breakpoints: { sm: '600px', md: '960px', lg: '1280px', xl: '1920px', '2xl': '2560px' },
    keyframes: { ...rippleKeyframes, ...navigatingKeyframes },
    tokens: {
      colors: colorTokens,
      fonts: {
        heading: {
          value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
        },
        body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
      },
    },
    semanticTokens: {
      colors: {
        ...darkerSolids,
        ...paletteSemanticTokens,
        // Chakra's status tokens follow the brand's info/warning/danger colours; success text is
        // green.700 (green.600 is 3.3:1 on white).
        fg: {
          success: { value: '{colors.green.700}' },
          error: { value: '{colors.danger.700}' },
          warning: { value: '{colors.warning.800}' },
          info: { value: '{colors.info.700}' },
        },
        bg: {
          error: { value: '{colors.danger.50}' },
          warning: { value: '{colors.warning.50}' },
          info: { value: '{colors.info.50}' },
        },
        border: {
          error: { value: '{colors.danger.500}' },
          warning: { value: '{colors.warning.500}' },
          info: { value: '{colors.info.500}' },
        },
      },
    },
  },
});

type TokenTree = { [key: string]: unknown };

/**
 * Chakra's semantic tokens with their light values only (`{ _light: a, _dark: b }` → `a`): the shop
 * has one light theme, and every dark value is a CSS variable under `.dark` that nothing sets, made
 * into CSS on every start. Without them the theme is made ~20 % faster and its CSS is smaller.
 */
function lightOnly(tree: TokenTree): TokenTree {
  return Object.fromEntries(
    Object.entries(tree).map(([key, node]) => {
      if (!node || typeof node !== 'object') return [key, node];
      if (!('value' in node)) return [key, lightOnly(node as TokenTree)];
      const { value } = node as { value: unknown };
      const light =
        value && typeof value === 'object' && '_light' in value
          ? (value as { _light: unknown })._light
          : value;
      return [key, { ...node, value: light }];
    }),
  );
}

/**
 * Chakra's default theme (tokens, text styles, global CSS) with only the component recipes the shop
 * uses, instead of `defaultConfig`'s full set (see ./recipes.ts for why).
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: chakraGlobalCss,
  theme: {
    breakpoints: chakraBreakpoints,
    keyframes: chakraKeyframes,
    tokens: chakraTokens,
    semanticTokens: lightOnly(chakraSemanticTokens),
    recipes,
    slotRecipes,
    textStyles,
    layerStyles,
    animationStyles,
  },
});

/**
 * A new system: tokens, recipes and its own style caches. Chakra memoises generated styles under a
 * key that ignores property order but keeps the order first seen, so a long-lived system's class
 * names depend on what it styled before; the server renderer takes a fresh one per page
 * (src/entry-server.tsx) so its markup matches the browser's first render.
 */
const configs = [defaultBaseConfig, chakraTheme, config] as const;

export const createAppSystem = (): SystemContext => createSystem(...configs);

/**
 * createSystem as a generator of its steps, where the build has made it one
 * (scripts/vite-chakra.ts `systemInSteps`); absent in tests and on the server, which call createSystem.
 */
const createSystemSteps = (
  createSystem as typeof createSystem & {
    steps?: (...configs: Parameters<typeof createSystem>) => Generator<void, SystemContext>;
  }
).steps;

let created: SystemContext | undefined;

function adopt(system: SystemContext): SystemContext {
  created = system;
  // The shop registers only the recipes it uses (see ./recipes.ts); a Chakra component whose recipe
  // is missing would render unstyled without a word, so development builds and tests say so.
  if (import.meta.env.DEV) warnOfMissingRecipes(system);
  return system;
}

/**
 * The browser's Chakra system: brand palettes, breakpoints and global styles. Made on first use, not
 * when the module loads: turning ~600 tokens into CSS variables is the longest piece of work of the
 * first visit, so the entry makes it ahead with `makeShopSystem`.
 */
export function shopSystem(): SystemContext {
  return created ?? adopt(createAppSystem());
}

/**
 * Makes the browser's system in steps with `pause()` between them (merging the configs, the token
 * dictionary's five phases, the rest), so that no task of start-up is as long as the whole: the
 * longest step took 9–16 ms, the whole 42–64 ms, in Lighthouse's unthrottled traces. At once
 * where the build did not make createSystem a generator.
 */
export async function makeShopSystem(pause: () => Promise<void>): Promise<SystemContext> {
  const steps = created ? undefined : createSystemSteps?.(...configs);
  if (!steps) return shopSystem();
  let step = steps.next();
  while (!step.done) {
    await pause();
    step = steps.next();
  }
  return created ?? adopt(step.value);
}

function warnOfMissingRecipes(system: SystemContext) {
  void import('@chakra-ui/react/theme').then(({ recipes: allRecipes, slotRecipes: allSlotRecipes }) => {
    const warned = new Set<string>();
    const check = (kind: string, key: string, ours: object, all: object) => {
      if (key in ours || !(key in all) || warned.has(key)) return;
      warned.add(key);
      console.warn(`[theme] Chakra ${kind} "${key}" is not registered; add it to src/app/theme/recipes.ts`);
    };
    const { getRecipeFn, getSlotRecipeFn } = system;
    system.getRecipeFn = (key, fallback) => {
      check('recipe', key, recipes, allRecipes);
      return getRecipeFn(key, fallback);
    };
    system.getSlotRecipeFn = (key, fallback) => {
      check('slot recipe', key, slotRecipes, allSlotRecipes);
      return getSlotRecipeFn(key, fallback);
    };
  });
}
