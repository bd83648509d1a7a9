/** Keyframes of the Material ripple; the element and timing live in components/ripple. */
export const rippleKeyframes = {
  ripple: {
    from: { transform: 'scale(0)', opacity: 0.3 },
    to: { transform: 'scale(1)', opacity: 0 },
  },
};

/** Keyframes of the bar shown while the next page is on its way (src/app/navigate-after-paint.ts). */
export const navigatingKeyframes = {
  navigating: {
    from: { transform: 'scaleX(0.08)' },
    to: { transform: 'scaleX(0.92)' },
  },
};
