import { describe, expect, it } from 'vitest';
import { sanitizeRecipeHtml } from './sanitize-html';

describe('recipe tips HTML', () => {
  it('keeps basic text markup', () => {
    const html = '<p>Fry <strong>onions</strong>, then:</p><ul><li>add <em>sukuma</em></li></ul>';
    expect(sanitizeRecipeHtml(html)).toBe(html);
  });

  it('drops scripts, handlers, links, styles and media', () => {
    const clean = sanitizeRecipeHtml(
      '<p onclick="steal()" style="color:red">Boil <a href="javascript:alert(1)">water</a></p>' +
        '<script>alert(1)</script><img src="x" onerror="alert(2)"><iframe src="https://evil.example"></iframe>',
    );
    expect(clean).toBe('<p>Boil water</p>');
  });

  it('answers nothing for empty tips', () => {
    expect(sanitizeRecipeHtml('  ')).toBe('');
  });
});
