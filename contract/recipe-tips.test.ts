import { describe, expect, it } from 'vitest';
import { sanitizeRecipeTips } from './recipe-tips';

describe('sanitizeRecipeTips', () => {
  it("keeps the editor's structure: paragraphs, emphasis, lists, headings and quotes", () => {
    const html =
      '<h3>Serving</h3><p>Fry in <strong>hot</strong> oil, <em>not</em> <u>smoking</u>, <s>never</s> boiled.<br>Salt well.</p>' +
      '<ul><li>Onions</li></ul><ol><li>Tomatoes</li></ol><h4>Tip</h4><blockquote>Mama’s way</blockquote>';
    expect(sanitizeRecipeTips(html)).toBe(html.replace('<br>', '<br />'));
  });

  it('turns b and i into strong and em, and drops tags outside the list but keeps their text', () => {
    expect(sanitizeRecipeTips('<b>bold</b> <i>it</i> <h1>Big</h1><div><span>plain</span></div>')).toBe(
      '<strong>bold</strong> <em>it</em> Bigplain',
    );
  });

  it('keeps http, https and mailto links, forcing rel=noopener noreferrer and no other attribute', () => {
    expect(
      sanitizeRecipeTips(
        '<a href="https://sokoni.example/r" target="_blank" rel="opener" onclick="x()">r</a>',
      ),
    ).toBe('<a href="https://sokoni.example/r" rel="noopener noreferrer">r</a>');
    expect(sanitizeRecipeTips('<a href="http://a.example">a</a>')).toBe(
      '<a href="http://a.example" rel="noopener noreferrer">a</a>',
    );
    expect(sanitizeRecipeTips('<a href="mailto:chef@sokoni.example">mail</a>')).toBe(
      '<a href="mailto:chef@sokoni.example" rel="noopener noreferrer">mail</a>',
    );
  });

  it.each([
    ['a script tag and its code', '<p>ok</p><script>alert(1)</script>', '<p>ok</p>'],
    ['an event handler', '<p onmouseover="alert(1)">ok</p>', '<p>ok</p>'],
    ['an image with onerror', '<img src=x onerror=alert(1)>ok', 'ok'],
    ['inline styles', '<p style="background:url(javascript:alert(1))">ok</p>', '<p>ok</p>'],
    ['a javascript: link', '<p>see <a href="javascript:alert(1)">here</a></p>', '<p>see </p>'],
    ['a mixed-case javascript: link', '<a href="JaVaScRiPt:alert(1)">x</a>ok', 'ok'],
    ['a javascript: link hidden by an entity', '<a href="java&#x09;script:alert(1)">x</a>ok', 'ok'],
    ['a data: link', '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>ok', 'ok'],
    ['a protocol-relative link', '<a href="//evil.example">x</a>ok', 'ok'],
    ['an iframe and its content', '<iframe src="https://evil.example">x</iframe>ok', 'ok'],
    ['svg with script', '<svg onload="alert(1)"><script>alert(1)</script></svg>ok', 'ok'],
    ['math with a javascript href', '<math><mi xlink:href="javascript:alert(1)">x</mi></math>ok', 'ok'],
    ['a style element', '<style>p{color:red}</style><p>ok</p>', '<p>ok</p>'],
    ['a form', '<form action="https://evil.example"><input name="pin"></form>ok', 'ok'],
    ['an unclosed tag trick', '<p>ok<scr<script>ipt>alert(1)</script></p>', '<p>okipt&gt;alert(1)</p>'],
  ])('removes %s', (_what, html, clean) => {
    const out = sanitizeRecipeTips(html);
    expect(out).toBe(clean);
    expect(out).not.toMatch(/<script|javascript:|onerror|onload|style=/i);
  });

  it('keeps escaped text escaped and answers empty for blank input', () => {
    expect(sanitizeRecipeTips('<p>1 &lt; 2 &amp; &lt;script&gt;</p>')).toBe(
      '<p>1 &lt; 2 &amp; &lt;script&gt;</p>',
    );
    expect(sanitizeRecipeTips('   ')).toBe('');
    expect(sanitizeRecipeTips('')).toBe('');
  });
});
