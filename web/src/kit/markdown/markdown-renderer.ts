/**
 * Record descriptions are Markdown, as on FAIRsharing (whose client renders them with
 * markdown-it). Record text is anyone's input, so the renderer is kept safe: raw HTML is
 * written out as text (`html: false`), links are kept only when their URL parses as http(s)
 * (WHATWG URL), they open with rel="nofollow noopener noreferrer", and images are not
 * rendered (a description must not load third-party content into our pages). This module is
 * loaded on demand (Markdown.tsx): the first paint of a page does not wait for it.
 */
import MarkdownIt from 'markdown-it';

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });
markdown.disable(['image']);

/** Only absolute http(s) URLs become links; anything else (javascript:, data:, relative) stays text. */
export function isAllowedLink(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}
markdown.validateLink = isAllowedLink;

const defaultLinkOpen = markdown.renderer.rules.link_open ?? ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index];
  // A matched word inside a link's URL (renderMarkdownInline) leaves its markers out of the address.
  token.attrSet('href', (token.attrGet('href') ?? '').replace(/%EE%80%8[01]/gi, ''));
  token.attrSet('rel', 'nofollow noopener noreferrer');
  return defaultLinkOpen(tokens, index, options, env, self);
};

/** A description as HTML blocks (paragraphs, lists, emphasis, code, links). */
export function renderMarkdown(text: string): string {
  return markdown.render(text);
}

// Private-use characters mark matched words through rendering; they are removed from the text first.
const MARK_START = '\uE000';
const MARK_END = '\uE001';
const MARKERS = /[\uE000\uE001]/g;

/**
 * A description in one run of text (a search result's clamped lines): inline Markdown only, line
 * breaks as spaces, and the `matched` parts wrapped in <mark>. The marks are placed after
 * rendering, so a match inside **bold** text or a link keeps both.
 */
export function renderMarkdownInline(segments: { text: string; matched?: boolean | null }[]): string {
  const source = segments.map(({ text, matched }) => {
    const clean = text.replace(MARKERS, '');
    return matched ? `${MARK_START}${clean}${MARK_END}` : clean;
  }).join('');
  return markdown.renderInline(source.replace(/\s*\n\s*/g, ' ')).replace(new RegExp(MARK_START, 'g'), '<mark>').replace(new RegExp(MARK_END, 'g'), '</mark>');
}
