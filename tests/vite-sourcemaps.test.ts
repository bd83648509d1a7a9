import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { moveSourceMaps } from '../scripts/vite-sourcemaps';

let root: string;
const outDir = () => path.join(root, 'dist');
const destDir = () => path.join(root, '.tmp/sourcemaps');
const write = (file: string, body = 'x') => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, body);
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'sokoni-maps-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('moving the source maps out of the build', () => {
  it('moves every map out of the served folder and leaves the rest', async () => {
    write(path.join(outDir(), 'index.html'));
    write(path.join(outDir(), 'assets/index-abc.js'), 'code');
    write(path.join(outDir(), 'assets/index-abc.js.map'), '{"version":3}');
    write(path.join(outDir(), 'assets/index-abc.css.map'), '{"version":3,"css":1}');

    expect(await moveSourceMaps(outDir(), destDir())).toEqual([
      path.join('assets', 'index-abc.css.map'),
      path.join('assets', 'index-abc.js.map'),
    ]);
    expect(existsSync(path.join(outDir(), 'assets/index-abc.js.map'))).toBe(false);
    expect(existsSync(path.join(outDir(), 'assets/index-abc.css.map'))).toBe(false);
    expect(readFileSync(path.join(outDir(), 'assets/index-abc.js'), 'utf8')).toBe('code');
    expect(readFileSync(path.join(destDir(), 'assets/index-abc.js.map'), 'utf8')).toBe('{"version":3}');
  });

  it("keeps only this build's maps, and an earlier build's when this one made none", async () => {
    write(path.join(destDir(), 'assets/old-123.js.map'));
    expect(await moveSourceMaps(outDir(), destDir())).toEqual([]);
    expect(existsSync(path.join(destDir(), 'assets/old-123.js.map'))).toBe(true);

    write(path.join(outDir(), 'assets/new-456.js.map'));
    await moveSourceMaps(outDir(), destDir());
    expect(existsSync(path.join(destDir(), 'assets/old-123.js.map'))).toBe(false);
    expect(existsSync(path.join(destDir(), 'assets/new-456.js.map'))).toBe(true);
  });
});
