import * as mdi from '@mdi/js';

/*
 * The Material Design icon set, by export name (Category.icon). The server and the mocks send each
 * category's path data (Category.iconPath), so the storefront never ships the set; only the back
 * office's icon picker loads it, lazily.
 */

const ICONS: Readonly<Record<string, string>> = mdi;

/** The neutral shape drawn for a name the set does not have. */
const FALLBACK_ICON_PATH = mdi.mdiShapeOutline;

export const isIconName = (name: string): boolean => Object.hasOwn(ICONS, name) && name.startsWith('mdi');

/** The SVG path data of an icon by export name; an unknown name draws the neutral shape. */
export const iconPath = (name: string): string => (isIconName(name) ? ICONS[name]! : FALLBACK_ICON_PATH);
