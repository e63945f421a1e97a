/**
 * What RFC 4287 requires of an Atom feed document, checked on a namespace-aware DOM (xmlbuilder2's
 * parser): §4.1.1 atom:feed, §4.1.2 atom:entry, §3.1 text constructs, §3.2 person constructs,
 * §3.3 dates, §4.2.2 categories, §4.2.6 ids, §4.2.7 links. Answers the problems found, none for a
 * valid feed.
 */
import { create } from 'xmlbuilder2';

const ATOM = 'http://www.w3.org/2005/Atom';
/** RFC 3339 date-time (§3.3). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
/** Characters no IRI may hold (RFC 3987 §2.2): an atom:id or a link's href holding one is no IRI. */
// eslint-disable-next-line no-control-regex -- these are the characters to find
const NOT_IN_IRI = /[\u0000-\u0020<>"{}|\\^`]/;

function children(parent: Element, local: string): Element[] {
  return Array.from(parent.childNodes).filter((node): node is Element => node.nodeType === 1 && (node as Element).namespaceURI === ATOM && (node as Element).localName === local);
}

function checkIri(problems: string[], where: string, value: string | null): void {
  if (!value) return void problems.push(`${where}: empty`);
  if (NOT_IN_IRI.test(value)) problems.push(`${where}: not an IRI: ${value}`);
  try {
    new URL(value);
  } catch {
    problems.push(`${where}: not an absolute IRI: ${value}`);
  }
}

/** `local` must occur exactly once (`required`) or at most once under `parent`. */
function once(problems: string[], where: string, parent: Element, local: string, required: boolean): Element | undefined {
  const found = children(parent, local);
  if (found.length > 1) problems.push(`${where}: ${found.length} atom:${local} elements (at most one)`);
  if (required && found.length === 0) problems.push(`${where}: no atom:${local}`);
  return found[0];
}

function checkText(problems: string[], where: string, element: Element | undefined): void {
  const type = element?.getAttribute('type');
  if (type && !['text', 'html', 'xhtml'].includes(type)) problems.push(`${where}: text construct of type ${type}`);
}

function checkDate(problems: string[], where: string, element: Element | undefined): void {
  if (element && !DATE_TIME.test(element.textContent ?? '')) problems.push(`${where}: not an RFC 3339 date-time: ${element.textContent}`);
}

function checkAuthors(problems: string[], where: string, parent: Element): number {
  const authors = children(parent, 'author');
  authors.forEach((author, index) => {
    once(problems, `${where} author ${index + 1}`, author, 'name', true);
    const uri = once(problems, `${where} author ${index + 1}`, author, 'uri', false);
    if (uri) checkIri(problems, `${where} author ${index + 1} uri`, uri.textContent);
  });
  return authors.length;
}

function checkLinks(problems: string[], where: string, parent: Element): Element[] {
  const links = children(parent, 'link');
  const alternates = new Set<string>();
  for (const link of links) {
    checkIri(problems, `${where} link`, link.getAttribute('href'));
    if ((link.getAttribute('rel') ?? 'alternate') !== 'alternate') continue;
    const key = `${link.getAttribute('type')} ${link.getAttribute('hreflang')}`;
    if (alternates.has(key)) problems.push(`${where}: two alternate links of one type and language`);
    alternates.add(key);
  }
  return links.filter((link) => (link.getAttribute('rel') ?? 'alternate') === 'alternate');
}

function checkCommon(problems: string[], where: string, element: Element): void {
  const id = once(problems, where, element, 'id', true);
  if (id) checkIri(problems, `${where} id`, id.textContent);
  checkText(problems, `${where} title`, once(problems, where, element, 'title', true));
  checkDate(problems, `${where} updated`, once(problems, where, element, 'updated', true));
  checkText(problems, `${where} rights`, once(problems, where, element, 'rights', false));
  for (const category of children(element, 'category')) {
    if (!category.getAttribute('term')) problems.push(`${where}: a category without a term`);
  }
}

export function rfc4287Problems(xml: string): string[] {
  const problems: string[] = [];
  const feed = create(xml).root().node as unknown as Element;
  if (feed.namespaceURI !== ATOM || feed.localName !== 'feed') return [`the root is {${feed.namespaceURI}}${feed.localName}, not atom:feed`];
  checkCommon(problems, 'feed', feed);
  for (const local of ['generator', 'icon', 'logo', 'subtitle']) once(problems, 'feed', feed, local, false);
  checkLinks(problems, 'feed', feed);
  const feedAuthors = checkAuthors(problems, 'feed', feed);
  const seen = new Set<string>();
  children(feed, 'entry').forEach((entry, index) => {
    const where = `entry ${index + 1}`;
    checkCommon(problems, where, entry);
    checkDate(problems, `${where} published`, once(problems, where, entry, 'published', false));
    checkText(problems, `${where} summary`, once(problems, where, entry, 'summary', false));
    const content = once(problems, where, entry, 'content', false);
    const alternates = checkLinks(problems, where, entry);
    // §4.1.1: the feed's author stands for entries without one (an atom:source would too; ours have none).
    if (checkAuthors(problems, where, entry) === 0 && feedAuthors === 0) problems.push(`${where}: no atom:author, and the feed has none`);
    if (!content && alternates.length === 0) problems.push(`${where}: neither atom:content nor an alternate link`);
    const contentType = content?.getAttribute('type') ?? 'text';
    const inline = !content?.getAttribute('src') && (['text', 'html', 'xhtml'].includes(contentType) || /[+/]xml$/.test(contentType) || contentType.startsWith('text/'));
    if (content && !inline && children(entry, 'summary').length === 0) problems.push(`${where}: content is not inline and there is no atom:summary`);
    // §4.1.1: entries of one id must differ in their updated.
    const key = `${children(entry, 'id')[0]?.textContent} ${children(entry, 'updated')[0]?.textContent}`;
    if (seen.has(key)) problems.push(`${where}: the same atom:id and atom:updated as an earlier entry`);
    seen.add(key);
  });
  return problems;
}
