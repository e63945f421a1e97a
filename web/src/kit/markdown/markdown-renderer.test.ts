import { describe, expect, it } from 'vitest';
import { isAllowedLink, renderMarkdown, renderMarkdownInline } from './markdown-renderer.ts';

describe('record descriptions as Markdown', () => {
  it('renders emphasis, lists and http(s) links, the links with rel nofollow noopener', () => {
    const html = renderMarkdown('A **minimum** information *checklist*:\n\n- one\n- two\n\nSee [the guide](https://example.org/guide).');
    expect(html).toContain('<strong>minimum</strong>');
    expect(html).toContain('<em>checklist</em>');
    expect(html).toContain('<ul>\n<li>one</li>');
    expect(html).toContain('<a href="https://example.org/guide" rel="nofollow noopener noreferrer">the guide</a>');
  });

  it('writes raw HTML out as text, keeps no link that is not http(s) and loads no image', () => {
    const html = renderMarkdown('<script>alert(1)</script> <img src=x onerror=alert(1)> [x](javascript:alert(1)) [y](data:text/html,hi) [z](/relative) ![i](https://example.org/i.png)');
    expect(html).not.toMatch(/<script|<img|href="(?!https:)/);
    // An image is offered as a link, never loaded into the page.
    expect(html).toContain('!<a href="https://example.org/i.png" rel="nofollow noopener noreferrer">i</a>');
    expect(html).toContain('&lt;script&gt;');
    expect(isAllowedLink('javascript:alert(1)')).toBe(false);
    expect(isAllowedLink('http://example.org/')).toBe(true);
  });

  it('marks matched words inline, through emphasis, with line breaks as spaces', () => {
    const html = renderMarkdownInline([{ text: 'A **proteomics', matched: false }, { text: ' standard', matched: true }, { text: '**\nfor <b>mass</b> spectrometry', matched: false }]);
    expect(html).toBe('A <strong>proteomics<mark> standard</mark></strong> for &lt;b&gt;mass&lt;/b&gt; spectrometry');
  });
});
