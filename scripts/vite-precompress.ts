import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes `.br` and `.gz` twins of the built text assets so the server sends them without
 * compressing on every request (serveStatic `precompressed`).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'sokoni:precompress',
    // A production build only: the mock build (`vite build --mode mock`, which the mocked e2e project
    // serves with `vite preview` before its first test) is never served by the server, and `vite
    // preview` does not read these twins (it compresses on the fly), so brotli at quality 11 over its
    // 6.6 MB of text, some 12 s before the first e2e test, bought nothing.
    apply: (_config, env) => env.command === 'build' && env.mode !== 'mock',
    // The server renderer's bundle is read from disk by the server, never sent.
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await readdir(outDir, { recursive: true, withFileTypes: true });
      await Promise.all(
        files
          .filter((f) => f.isFile() && COMPRESSIBLE.test(f.name))
          .map(async (f) => {
            const file = path.join(f.parentPath, f.name);
            const body = await readFile(file);
            if (body.length < 1024) return;
            const [br, gzipped] = await Promise.all([
              brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
              gz(body, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
          }),
      );
    },
  };
}
