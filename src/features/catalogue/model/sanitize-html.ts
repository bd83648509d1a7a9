import DOMPurify from 'dompurify';

/** The only markup recipe tips may carry: text structure, no links, media, styles or attributes. */
const ALLOWED_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'h3', 'h4', 'blockquote'];

/**
 * Recipe tips are HTML written by admins. The server sanitises them on the way in; the page does
 * it again on the way out, so a bad row or a compromised admin cannot run script in a shopper's
 * browser. Everything outside the basic tags goes, with every attribute (on*, style, href…).
 */
export function sanitizeRecipeHtml(html: string): string {
  if (!html.trim()) return '';
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: [], KEEP_CONTENT: true });
}
