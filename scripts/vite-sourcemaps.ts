import { copyFile, mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Moves every `*.map` under `outDir` into `destDir` (same relative paths), after emptying `destDir`
 * so it holds the maps of this build only. Answers the moved files, relative to both folders. With
 * no map in `outDir` (a build without source maps) nothing happens and `destDir` keeps its maps.
 */
export async function moveSourceMaps(outDir: string, destDir: string): Promise<string[]> {
  const entries = await readdir(outDir, { recursive: true, withFileTypes: true }).catch(() => []);
  const maps = entries
    .filter((e) => e.isFile() && e.name.endsWith('.map'))
    .map((e) => path.relative(outDir, path.join(e.parentPath, e.name)))
    .sort();
  if (!maps.length) return [];
  await rm(destDir, { recursive: true, force: true });
  for (const file of maps) {
    const to = path.join(destDir, file);
    await mkdir(path.dirname(to), { recursive: true });
    const from = path.join(outDir, file);
    // A STATIC_DIR on another disk than the project cannot rename into it.
    await rename(from, to).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EXDEV') throw error;
      await copyFile(from, to);
      await rm(from);
    });
  }
  return maps;
}

/**
 * Keeps the build's source maps out of the folder the server serves: `build.sourcemap: 'hidden'`
 * writes them without a `sourceMappingURL` comment, and this moves them to `<root>/.tmp/sourcemaps`
 * (for uploading to Sentry, README "Production"). The server also refuses `*.map` (server/app.ts).
 */
export function hideSourceMaps(): Plugin {
  let outDir = 'dist';
  let destDir = '.tmp/sourcemaps';
  return {
    name: 'sokoni:hide-sourcemaps',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      destDir = path.resolve(config.root, '.tmp/sourcemaps');
    },
    async writeBundle() {
      await moveSourceMaps(outDir, destDir);
    },
  };
}
