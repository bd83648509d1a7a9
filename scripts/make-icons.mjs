// The home-screen icons of the installable storefront (the web app manifest in vite.config.ts), drawn
// from public/favicon.svg with sharp, which the server already uses for product images. Run it after
// changing the logo: `node scripts/make-icons.mjs`; the PNGs are committed, so builds need no sharp.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const out = (name) => path.join(root, 'public/icons', name);
const logo = readFileSync(path.join(root, 'public/favicon.svg'), 'utf8');
// The basket alone, for icons that need their own background.
const glyph = logo.match(/<g [\s\S]*<\/g>/)?.[0];
const brand = logo.match(/fill="(#[0-9A-Fa-f]{6})"/)?.[1];
if (!glyph || !brand) throw new Error('public/favicon.svg changed: no <g> glyph or brand fill found');

// Full bleed, the basket inside the middle 60 % (a launcher may cut anything outside a circle of 80 %).
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${brand}"/><g transform="translate(12.8 12.8) scale(0.6)">${glyph}</g></svg>`;
// iOS rounds the corners itself and shows transparency as black: a square without the favicon's corners.
const square = logo.replace(/ rx="\d+"/, '');

const icons = [
  { name: 'icon-192.png', svg: logo, size: 192 },
  { name: 'icon-512.png', svg: logo, size: 512 },
  { name: 'maskable-512.png', svg: maskable, size: 512 },
  { name: 'apple-touch-icon-180.png', svg: square, size: 180 },
];
for (const { name, svg, size } of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(out(name));
  console.log(`public/icons/${name}`);
}
