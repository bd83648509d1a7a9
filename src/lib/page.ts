/**
 * Whole-page actions, behind an object so tests can replace them (jsdom cannot reload).
 */
export const page = {
  reload(): void {
    window.location.reload();
  },
};
