import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import {
  encodeRenditions,
  IMAGE_SIZES,
  rendition,
  WEBP,
  type ImageSize,
  type Rendition,
} from '../../lib/images';
import type { PaletteName } from './catalogue';

/**
 * Product pictures for the sample catalogue, drawn offline: a soft tint of the category's colour,
 * a plate, and a Twemoji (CC-BY 4.0, see docs/credits.md) in the middle.
 */

export interface Scene {
  /** Twemoji file name, e.g. `1f41f`, or one of our DRAWINGS. */
  emoji: string;
  accent?: string;
  cluster?: boolean;
  palette: PaletteName;
}

// Light, mid and deep shades per palette (close to the theme's 50, 200 and 900 steps).
const TINTS: Record<PaletteName, [light: string, mid: string, deep: string]> = {
  gray: ['#fafafa', '#e4e4e7', '#27272a'],
  red: ['#fef2f2', '#fecaca', '#7f1d1d'],
  orange: ['#fff7ed', '#fed7aa', '#7c2d12'],
  yellow: ['#fefce8', '#fde68a', '#713f12'],
  green: ['#f0fdf4', '#bbf7d0', '#14532d'],
  teal: ['#f0fdfa', '#99f6e4', '#134e4a'],
  blue: ['#eff6ff', '#bfdbfe', '#1e3a8a'],
  cyan: ['#ecfeff', '#a5f3fc', '#164e63'],
  purple: ['#faf5ff', '#e9d5ff', '#581c87'],
  pink: ['#fdf2f8', '#fbcfe8', '#831843'],
};

const CANVAS = IMAGE_SIZES.detail;

/**
 * Our own drawings, in Twemoji's flat style and 36×36 grid, for foods Twemoji has no emoji for.
 */
export const DRAWINGS: Record<string, string> = {
  mandazi:
    '<path d="M18 6 31 28H5z" fill="#C9822B" stroke="#C9822B" stroke-width="7" stroke-linejoin="round"/>' +
    '<path d="M18 9.5 28 26.5H8z" fill="#E9A943" stroke="#E9A943" stroke-width="5" stroke-linejoin="round"/>' +
    '<path d="M15.5 13.5c1.5-1.5 3.5-1.5 4.5 0" stroke="#F7C66B" stroke-width="1.6" stroke-linecap="round" fill="none"/>' +
    '<g fill="#B8741F"><circle cx="13" cy="22" r=".8"/><circle cx="20" cy="19" r=".7"/><circle cx="23" cy="24" r=".8"/><circle cx="17" cy="25" r=".6"/></g>',
  'passion-fruit':
    '<path d="M12 3.5c.8-2 2.6-2.8 4.6-2.6" stroke="#5C913B" stroke-width="1.6" stroke-linecap="round" fill="none"/>' +
    '<circle cx="12.5" cy="13" r="9.5" fill="#553056"/><ellipse cx="9" cy="9.5" rx="3" ry="2" fill="#7D4F80"/>' +
    '<g fill="#44233F"><circle cx="15" cy="16" r=".6"/><circle cx="11" cy="17.5" r=".5"/><circle cx="17" cy="11" r=".5"/></g>' +
    '<circle cx="22.5" cy="22.5" r="11.5" fill="#5E3160"/><circle cx="22.5" cy="22.5" r="9.8" fill="#F6EBCF"/>' +
    '<circle cx="22.5" cy="22.5" r="8.3" fill="#F2A516"/><circle cx="22.5" cy="22.5" r="5" fill="#F8C440"/>' +
    '<g fill="#2E2116"><ellipse cx="19" cy="19" rx="1" ry=".7"/><ellipse cx="25" cy="18.5" rx="1" ry=".7"/>' +
    '<ellipse cx="27" cy="23" rx=".7" ry="1"/><ellipse cx="24" cy="27" rx="1" ry=".7"/><ellipse cx="18.5" cy="25.5" rx=".8" ry="1"/>' +
    '<ellipse cx="22" cy="22.5" rx="1" ry=".7"/><ellipse cx="21" cy="16.5" rx=".8" ry=".6"/><ellipse cx="28" cy="20" rx=".6" ry=".8"/>' +
    '<ellipse cx="17" cy="22" rx=".6" ry=".8"/><ellipse cx="27" cy="26" rx=".7" ry=".6"/></g>',
  'milk-gourd':
    '<path d="M15 7h6v5c0 2 6.5 5 6.5 12.5S22.5 35 18 35s-9.5-3-9.5-10.5S15 14 15 12z" fill="#9A6332"/>' +
    '<path d="M11.5 21.5c2 1.6 11 1.6 13 0" stroke="#6E4420" stroke-width="1.6" fill="none" stroke-linecap="round"/>' +
    '<path d="M10.2 28.5c3 1.7 12.6 1.7 15.6 0" stroke="#6E4420" stroke-width="1.6" fill="none" stroke-linecap="round"/>' +
    '<ellipse cx="13.5" cy="25" rx="1.6" ry="4.5" fill="#B98150"/><rect x="14" y="2" width="8" height="6" rx="1.8" fill="#4A2C17"/>' +
    '<path d="M14.5 9.5h7" stroke="#E1493F" stroke-width="1.6" stroke-dasharray="1.4 .8"/>' +
    '<path d="M14.8 11.3h6.4" stroke="#F4F1E8" stroke-width="1.2" stroke-dasharray="1.2 .9"/>',
};

let twemojiDir: string | undefined;
/** Where @twemoji/svg is installed (a dev dependency: production installs may lack it). */
function twemoji() {
  if (!twemojiDir) {
    try {
      twemojiDir = path.dirname(createRequire(import.meta.url).resolve('@twemoji/svg/package.json'));
    } catch {
      throw new Error('The sample images need the @twemoji/svg package (a dev dependency): run npm install.');
    }
  }
  return twemojiDir;
}

/** The SVG file of a Twemoji by file name (`1f41f`). */
export function twemojiFile(name: string): string {
  if (!/^[0-9a-f]+(-[0-9a-f]+)*$/.test(name)) throw new Error(`Not a Twemoji file name: ${name}`);
  return path.join(twemoji(), `${name}.svg`);
}

const bodies = new Map<string, Promise<string>>();
/** The inside of a 36×36 drawing: one of ours, or a Twemoji SVG without its outer element. */
function emojiBody(name: string): Promise<string> {
  const own = DRAWINGS[name];
  if (own) return Promise.resolve(own);
  let body = bodies.get(name);
  if (!body) {
    body = readFile(twemojiFile(name), 'utf8').then((svg) =>
      svg.replace(/^\s*<svg[^>]*>/, '').replace(/<\/svg>\s*$/, ''),
    );
    bodies.set(name, body);
  }
  return body;
}

const place = (body: string, x: number, y: number, size: number) =>
  `<svg x="${x}" y="${y}" width="${size}" height="${size}" viewBox="0 0 36 36">${body}</svg>`;

/** Soft shadow on the plate under a drawing (a gradient, not a blur filter: five times faster). */
const shadow = (cx: number, cy: number, rx: number) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${Math.round(rx / 6)}" fill="url(#ground)"/>`;

/** The SVG of a product picture. */
async function sceneSvg(scene: Scene): Promise<string> {
  const [light, mid, deep] = TINTS[scene.palette];
  const main = await emojiBody(scene.emoji);
  let drawing: string;
  if (scene.cluster) {
    // Two behind, one in front.
    drawing =
      shadow(400, 590, 230) +
      place(main, 150, 200, 300) +
      place(main, 350, 200, 300) +
      place(main, 245, 300, 310);
  } else {
    drawing = shadow(400, 610, 210) + place(main, 160, 170, 480);
  }
  if (scene.accent) {
    drawing += shadow(630, 690, 90) + place(await emojiBody(scene.accent), 530, 500, 200);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CANVAS}" height="${CANVAS}" viewBox="0 0 800 800">
<defs>
<radialGradient id="bg" cx="50%" cy="38%" r="75%"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${mid}"/></radialGradient>
<radialGradient id="plate" cx="50%" cy="45%" r="55%"><stop offset="0" stop-color="#ffffff" stop-opacity="0.95"/><stop offset="0.8" stop-color="#ffffff" stop-opacity="0.75"/><stop offset="1" stop-color="#ffffff" stop-opacity="0.55"/></radialGradient>
<radialGradient id="halo"><stop offset="0.82" stop-color="${deep}" stop-opacity="0.2"/><stop offset="1" stop-color="${deep}" stop-opacity="0"/></radialGradient>
<radialGradient id="ground"><stop offset="0" stop-color="${deep}" stop-opacity="0.3"/><stop offset="1" stop-color="${deep}" stop-opacity="0"/></radialGradient>
</defs>
<rect width="800" height="800" fill="url(#bg)"/>
<circle cx="400" cy="432" r="335" fill="url(#halo)"/>
<circle cx="400" cy="410" r="300" fill="url(#plate)"/>
<circle cx="400" cy="410" r="250" fill="none" stroke="${mid}" stroke-opacity="0.6" stroke-width="4"/>
${drawing}
</svg>`;
}

/** Identifies a picture: products drawn alike share one render. */
export const sceneKey = (s: Scene) =>
  [s.palette, s.emoji, s.accent ?? '', s.cluster ? 'cluster' : ''].join('/');

const SIZES = Object.entries(IMAGE_SIZES) as [ImageSize, number][];
/** Bump when render() changes how it turns the SVG into files, so cached renders are redone. */
const RENDER_VERSION = 1;

/**
 * Finished renders on disk, keyed by everything that shapes the bytes, so test runs and fresh
 * databases after the first skip drawing. Best effort: a read-only disk only costs time.
 */
function diskCache(svg: string) {
  const key = createHash('sha1')
    .update(
      JSON.stringify([RENDER_VERSION, svg, WEBP, IMAGE_SIZES, sharp.versions.vips, sharp.versions.webp]),
    )
    .digest('hex');
  const dir = path.join(twemoji(), '..', '..', '.cache', 'sokoni-seed-images');
  const file = (size: ImageSize) => path.join(dir, `${key}-${size}.webp`);
  return {
    async read(): Promise<Rendition[] | undefined> {
      try {
        return await Promise.all(
          SIZES.map(async ([size, width]) => rendition(size, width, width, await readFile(file(size)))),
        );
      } catch {
        return undefined;
      }
    },
    async write(files: Rendition[]) {
      try {
        await mkdir(dir, { recursive: true });
        for (const f of files) {
          // Rename is atomic: a parallel run never reads half a file.
          const tmp = `${file(f.size)}.${process.pid}.${randomUUID()}.tmp`;
          await writeFile(tmp, f.bytes);
          await rename(tmp, file(f.size));
        }
      } catch {
        // Not writable (read-only install): draw again next time.
      }
    },
  };
}

async function render(scene: Scene): Promise<Rendition[]> {
  const source = await sceneSvg(scene);
  const cache = diskCache(source);
  const cached = await cache.read();
  if (cached) return cached;
  const svg = Buffer.from(source);
  // Draw once, then encode each width from the same pixels.
  const files = await encodeRenditions(
    await sharp(svg).removeAlpha().raw().toBuffer({ resolveWithObject: true }),
  );
  await cache.write(files);
  return files;
}

const renders = new Map<string, Promise<Rendition[]>>();

/** The three renditions of a scene; each distinct scene is drawn once per process. */
function renderScene(scene: Scene): Promise<Rendition[]> {
  const key = sceneKey(scene);
  let result = renders.get(key);
  if (!result) {
    result = render(scene);
    // A failed render must not stay cached.
    result.catch(() => renders.delete(key));
    renders.set(key, result);
  }
  return result;
}

/** Renders many scenes a few at a time (sharp works on the libuv pool; more only queues). */
export async function renderScenes(scenes: Scene[]): Promise<Map<string, Rendition[]>> {
  const unique = [...new Map(scenes.map((s) => [sceneKey(s), s])).values()];
  const out = new Map<string, Rendition[]>();
  const workers = Math.max(1, Math.min(4, os.availableParallelism()));
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < unique.length) {
        const scene = unique[next++]!;
        out.set(sceneKey(scene), await renderScene(scene));
      }
    }),
  );
  return out;
}
