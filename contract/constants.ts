/** Release label shown in the footer and sent to error reporting. */
export const RELEASE = 'v0.0.7';
/** The product name: page titles and storage keys are built from it. */
export const PRODUCT_NAME = 'Sokoni';
