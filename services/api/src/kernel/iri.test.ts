import { describe, expect, it } from 'vitest';
import { doiIri, rfc3987Iri } from './iri.ts';

describe('rfc3987Iri', () => {
  it('percent-encodes what an IRI may not hold, in the path, the query and the fragment', () => {
    expect(rfc3987Iri('https://example.org/a%3Eb%3Cc%22d%7Be%7D|^%60/x/')).toBe('https://example.org/a%3Eb%3Cc%22d%7Be%7D%7C%5E%60/x/');
    expect(rfc3987Iri('https://example.org/a b<c>"d{e}\\f`g[h]?q={|}^`[] x#f{|}#^`'))
      .toBe('https://example.org/a%20b%3Cc%3E%22d%7Be%7D%5Cf%60g%5Bh%5D?q=%7B%7C%7D%5E%60%5B%5D%20x#f%7B%7C%7D%23%5E%60');
    expect(rfc3987Iri('https://example.org/\u0001\u007f\n')).toBe('https://example.org/%01%7F%0A');
  });

  it('keeps what an IRI may hold: delimiters, escapes (hex upper-cased), an IP literal, letters beyond ASCII', () => {
    const kept = "https://user:pw@[2001:db8::1]:8080/p;a=1/b:c@d!$&'()*+,~._-?q=1&r=/?#top:/?";
    expect(rfc3987Iri(kept)).toBe(kept);
    expect(rfc3987Iri('https://example.org/%7cx%c3%a9')).toBe('https://example.org/%7Cx%C3%A9');
    expect(rfc3987Iri('https://bücher.example/straße/日本?ü#é')).toBe('https://bücher.example/straße/日本?ü#é');
  });

  it("encodes a '%' that starts no escape, characters outside ucschar, private use outside the query, lone surrogates", () => {
    expect(rfc3987Iri('https://example.org/100%/%zz')).toBe('https://example.org/100%25/%25zz');
    expect(rfc3987Iri('https://example.org/\ufdd0\ufffe')).toBe('https://example.org/%EF%B7%90%EF%BF%BE');
    expect(rfc3987Iri('https://example.org/\ue000?\ue000')).toBe('https://example.org/%EE%80%80?\ue000');
    expect(rfc3987Iri('https://example.org/\ud800')).toBe('https://example.org/%EF%BF%BD');
  });

  it('is idempotent', () => {
    const once = rfc3987Iri('https://example.org/a|b c?{d}#e#f');
    expect(rfc3987Iri(once)).toBe(once);
  });
});

describe('doiIri', () => {
  it("escapes the DOI name's own '%', '?' and '#', then what an IRI may not hold", () => {
    expect(doiIri('10.25504/FAIRsharing.2mk2zb')).toBe('https://doi.org/10.25504/FAIRsharing.2mk2zb');
    expect(doiIri('10.1002/(SICI)1097-4636(199706)35:4<469::AID-JBM6>3.0.CO;2-K')).toBe('https://doi.org/10.1002/(SICI)1097-4636(199706)35:4%3C469::AID-JBM6%3E3.0.CO;2-K');
    expect(doiIri('10.1000/a?b#c%d')).toBe('https://doi.org/10.1000/a%3Fb%23c%25d');
  });
});
