import sanitizeHtml from 'sanitize-html';

/*
 * The allow-list recipe tips are stored with, shared by the server (which sanitises every save) and
 * the mocks (which store what the server would). The SPA sanitises again on display
 * (src/features/catalogue/model/sanitize-html.ts).
 */

/** The markup recipe tips may keep: text structure and links, nothing that runs or styles. */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'u', 's', 'ul', 'ol', 'li', 'h3', 'h4', 'blockquote', 'a'],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  // A protocol-relative `//evil.example` would take the page's scheme: not a link we vouch for.
  allowProtocolRelative: false,
  // script, style and the like go with their text; other unknown tags keep their text.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
  ],
  disallowedTagsMode: 'discard',
  transformTags: {
    // The editor's bold and italic, kept as their semantic twins rather than lost.
    b: 'strong',
    i: 'em',
    strike: 's',
    del: 's',
    // Every link opens without handing the shop's window to the target.
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href ? { href: attribs.href } : {}), rel: 'noopener noreferrer' },
    }),
  },
  // A link whose href was refused (javascript:, data:, protocol-relative…) goes, text and all: its
  // words were written to be clicked, and a dead link would only mislead.
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href,
};

/**
 * Recipe tips as stored: the editor's HTML with only the allow-listed tags, links to http(s) or
 * mailto with `rel="noopener noreferrer"`, and no other attribute. The SPA sanitises again on display.
 */
export function sanitizeRecipeTips(html: string): string {
  if (!html.trim()) return '';
  return sanitizeHtml(html, OPTIONS).trim();
}
