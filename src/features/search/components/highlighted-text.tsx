import { Box } from '@chakra-ui/react';
import { Fragment } from 'react';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `text` split into the parts that start a word with one of the query's words (marked) and the
 * rest. A typo finds a product without marking anything, which is fine.
 */
export function highlightParts(text: string, query: string): { text: string; match: boolean }[] {
  const words = [
    ...new Set(
      query
        .toLowerCase()
        .split(/\s+/)
        .filter((w) => w.length >= 2),
    ),
  ].sort((a, b) => b.length - a.length);
  if (!words.length) return [{ text, match: false }];
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(${words.map(escape).join('|')})`, 'giu');
  const parts: { text: string; match: boolean }[] = [];
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    if (m.index > last) parts.push({ text: text.slice(last, m.index), match: false });
    parts.push({ text: m[0], match: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}

/** Text with the words the shopper typed marked. */
export function HighlightedText({ text, query }: { text: string; query: string }) {
  return highlightParts(text, query).map((part, i) =>
    part.match ? (
      <Box as="mark" key={i} bg="transparent" color="primary.fg" fontWeight="bold">
        {part.text}
      </Box>
    ) : (
      <Fragment key={i}>{part.text}</Fragment>
    ),
  );
}
