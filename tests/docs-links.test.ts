import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * A contributor who clones the repository can follow every reference in it: design rules and the
 * shop's behaviour are cited from docs/ (docs/design.md, docs/behaviour.md), never from notes kept
 * elsewhere, and every `docs/<file>.md#<heading>` a comment, test or document names exists.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SELF = 'tests/docs-links.test.ts';
const BINARY = /\.(png|jpe?g|webp|gif|ico|svg|woff2?|ttf|gz|br|zip|pdf|wasm|tar)$/i;

/** Citations of documents that are not in the repository, one message per line that has one. */
export function outsideCitations(text: string): string[] {
  const rules: [RegExp, string][] = [
    [/\b(?:guide|spec)\b(?:'s|’s)?\s*\u00a7/i, 'a section of a guide or spec kept outside the repository'],
    [/\(\u00a7\s*\d/, 'a bare section number, which names no document'],
    [/(?:^|[\s('"`])(?:\.\.\/)+shared\//, 'a path outside the repository'],
    [/\/work\/shared\b/, 'a path outside the repository'],
    [/\bstorefront-spec\.md\b|\bGUIDE\.md\b/, 'a document that is not in the repository'],
  ];
  return text
    .split('\n')
    .flatMap((line, index) =>
      rules.filter(([rule]) => rule.test(line)).map(([, why]) => `${index + 1}: ${why}: ${line.trim()}`),
    );
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingSlug(heading: string): string {
  const text = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a Markdown document offers: its headings (repeats get -1, -2…) and explicit ids. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const opening = /^\s*(```|~~~)/.exec(line);
    if (opening) {
      if (fence === null) fence = opening[1]!;
      else if (line.trim().startsWith(fence)) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) {
      const slug = headingSlug(heading[1]!);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const id of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id[1]!);
  }
  return anchors;
}

interface Reference {
  /** The document, relative to the repository root. */
  target: string;
  anchor: string | null;
  line: number;
}

/**
 * The docs/*.md references of one file: `docs/design.md#budgets` anywhere (from the repository root, or
 * from the file's folder when it starts with ./ or ../), and in Markdown also relative links such
 * as `[text](design.md#budgets)` and `[text](#budgets)`.
 */
export function referencesIn(file: string, text: string): Reference[] {
  const dir = path.posix.dirname(file);
  const refs: Reference[] = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    for (const m of line.matchAll(/((?:\.{1,2}\/)*)docs\/([\w.-]+\.md)(?:#([\p{L}\p{N}_-]+))?/gu)) {
      const base = m[1] ? path.posix.join(dir, m[1]) : '';
      refs.push({ target: path.posix.join(base, 'docs', m[2]!), anchor: m[3] ?? null, line: index + 1 });
    }
    if (!file.endsWith('.md')) return;
    for (const m of line.matchAll(/\]\((?!https?:|mailto:)([^)\s#]*\.md)?(?:#([^)\s]+))?\)/g)) {
      if (!m[1] && !m[2]) continue;
      const target = m[1] ? path.posix.normalize(path.posix.join(dir, m[1])) : file;
      refs.push({ target, anchor: m[2] ?? null, line: index + 1 });
    }
  });
  return refs;
}

function repositoryFiles(): string[] {
  try {
    const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    return [...new Set(out.split('\0').filter(Boolean))];
  } catch {
    // Not a git checkout (an exported tree): walk it, leaving out what git would ignore.
    const skip = new Set([
      '.git',
      'node_modules',
      'dist',
      'dist-ssr',
      '.tmp',
      'data',
      'test-results',
      'playwright-report',
    ]);
    const walk = (dir: string): string[] =>
      readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
        const rel = dir ? `${dir}/${entry.name}` : entry.name;
        if (skip.has(entry.name)) return [];
        return entry.isDirectory() ? walk(rel) : [rel];
      });
    return walk('');
  }
}

const texts = () =>
  repositoryFiles()
    .filter(
      (file) =>
        !BINARY.test(file) && existsSync(path.join(ROOT, file)) && statSync(path.join(ROOT, file)).isFile(),
    )
    .map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }));

describe('citations', () => {
  it('recognise a reference to notes kept outside the repository', () => {
    expect(outsideCitations('// Toasts per GUIDE \u00a75.7: tokens only')).toHaveLength(1);
    expect(outsideCitations(' * The cart (spec \u00a72): its lines')).toHaveLength(1);
    expect(
      outsideCitations("/** Spec \u00a79: 80 ms. */\n/** The spec's catch-all texts (\u00a78). */"),
    ).toHaveLength(2);
    expect(outsideCitations('see ../shared/GUIDE.md')).not.toHaveLength(0);
    expect(outsideCitations(' * The cart (docs/behaviour.md#cart-and-checkout-pages): its lines')).toEqual(
      [],
    );
    expect(outsideCitations('(RFC 9110 \u00a713.1.2 weak comparison), issue 13 \u00a76')).toEqual([]);
  });

  it('point only at documents in the repository', () => {
    const offenders = texts()
      .filter(({ file }) => file !== SELF)
      .flatMap(({ file, text }) => outsideCitations(text).map((hit) => `${file}:${hit}`));
    expect(offenders).toEqual([]);
  });
});

describe('docs references', () => {
  it('make anchors as GitHub does', () => {
    expect(headingSlug('Header, footer and menu')).toBe('header-footer-and-menu');
    expect(headingSlug('`GET /api/v2/products` answers')).toBe('get-apiv2products-answers');
    expect([...anchorsOf('# A\n## Cart\n```\n# not a heading\n```\n### Cart\n')]).toEqual([
      'a',
      'cart',
      'cart-1',
    ]);
  });

  it('find references in code and in Markdown', () => {
    expect(referencesIn('src/a.ts', '// (docs/behaviour.md#error-texts).')).toEqual([
      { target: 'docs/behaviour.md', anchor: 'error-texts', line: 1 },
    ]);
    expect(referencesIn('bench/README.md', 'the [budgets](../docs/design.md#budgets)')).toContainEqual({
      target: 'docs/design.md',
      anchor: 'budgets',
      line: 1,
    });
    expect(referencesIn('docs/architecture.md', 'the [flow](design.md#cart) and [here](#tests)')).toEqual([
      { target: 'docs/design.md', anchor: 'cart', line: 1 },
      { target: 'docs/architecture.md', anchor: 'tests', line: 1 },
    ]);
  });

  it('name documents and headings that exist', () => {
    const anchors = new Map<string, Set<string> | null>();
    const anchorsOfDoc = (target: string) => {
      if (!anchors.has(target)) {
        const full = path.join(ROOT, target);
        anchors.set(target, existsSync(full) ? anchorsOf(readFileSync(full, 'utf8')) : null);
      }
      return anchors.get(target)!;
    };
    const broken = texts().flatMap(({ file, text }) =>
      referencesIn(file, text).flatMap(({ target, anchor, line }) => {
        const offered = anchorsOfDoc(target);
        if (offered === null) return [`${file}:${line}: ${target} does not exist`];
        if (anchor !== null && !offered.has(anchor))
          return [`${file}:${line}: ${target} has no heading #${anchor}`];
        return [];
      }),
    );
    expect(broken).toEqual([]);
  });
});
