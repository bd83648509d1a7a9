import { useChakraContext, type SystemStyleObject } from '@chakra-ui/react';
import type { EmotionCache } from '@emotion/cache';
import { __unsafe_useEmotionCache as useEmotionCache } from '@emotion/react';
import { serializeStyles } from '@emotion/serialize';
import { insertStyles } from '@emotion/utils';

/** Returns the class name of a style that never changes; `style` runs only the first time `key` is asked for. */
export type ClassOf = (key: string, style: () => SystemStyleObject | SystemStyleObject[]) => string;

const namesPerCache = new WeakMap<EmotionCache, Map<string, string>>();

/**
 * Class names for styles that do not depend on props, resolved through the theme once per style cache
 * instead of once per element and render.
 *
 * Every Chakra element turns its style props into CSS on each render (hashing the style object,
 * resolving tokens and conditions, serialising, hashing again): cheap once, but it is most of the
 * main-thread time of a product grid, whose cards repeat the same few dozen styles. Components that
 * repeat (cards, chips, skeletons) take their classes from here and render plain elements. Keys are
 * global: name them after the component and part (`card.root`, `tag.palette.blue`).
 *
 * On the server the Emotion cache must be in compat mode (`@emotion/server` sets it), so the rules land
 * in the cache for extraction rather than inline.
 */
export function useStaticClasses(): ClassOf {
  const cache = useEmotionCache();
  // Only a server render without AppProviders' CacheProvider has none.
  if (!cache) throw new Error('useStaticClasses needs an Emotion CacheProvider');
  const { css } = useChakraContext();
  let names = namesPerCache.get(cache);
  if (!names) {
    names = new Map();
    namesPerCache.set(cache, names);
  }
  const known = names;
  return (key, style) => {
    let name = known.get(key);
    if (name === undefined) {
      const styles = style();
      const resolved = Array.isArray(styles) ? css(...styles) : css(styles);
      const serialized = serializeStyles([resolved as never], cache.registered);
      insertStyles(cache, serialized, false);
      name = `${cache.key}-${serialized.name}`;
      known.set(key, name);
    }
    return name;
  };
}

/** Joins class names, skipping empty ones. */
export const cx = (...names: (string | false | null | undefined)[]): string =>
  names.filter(Boolean).join(' ');
