import { useEffect, useRef } from 'react';

/**
 * Calls `onEnter` whenever the returned element comes within `rootMargin` of the viewport. Where
 * IntersectionObserver is missing nothing happens, and the caller's button is the way on.
 */
export function useInViewCallback<T extends Element>(
  onEnter: () => void,
  { enabled = true, rootMargin = '600px 0px' } = {},
) {
  const ref = useRef<T>(null);
  const callback = useRef(onEnter);
  useEffect(() => {
    callback.current = onEnter;
  });
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) callback.current();
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, rootMargin]);
  return ref;
}
