/** Keyframes of the Material ripple; the element and timing live in components/ripple. */
export const rippleKeyframes = {
  ripple: {
    from: { transform: 'scale(0)', opacity: 0.3 },
    to: { transform: 'scale(1)', opacity: 0 },
  },
};
