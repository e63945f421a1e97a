/**
 * Puts the record's schema.org JSON-LD and canonical link into the document head while the
 * page is shown, and removes them when it goes (other pages must not inherit them).
 */
import { useEffect } from 'react';

const JSON_LD_ID = 'record-json-ld';
const CANONICAL_ID = 'record-canonical';

export function useRecordHead(schemaOrg: unknown, canonicalPath: string | null): void {
  const jsonLd = schemaOrg === null || schemaOrg === undefined ? null : typeof schemaOrg === 'string' ? schemaOrg : JSON.stringify(schemaOrg);
  useEffect(() => {
    if (jsonLd === null) return undefined;
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.id = JSON_LD_ID;
    // `<` escaped so a description holding "</script>" cannot end the element early.
    script.textContent = jsonLd.replace(/</g, '\\u003c');
    document.getElementById(JSON_LD_ID)?.remove();
    document.head.appendChild(script);
    return () => script.remove();
  }, [jsonLd]);

  useEffect(() => {
    if (canonicalPath === null) return undefined;
    const link = document.createElement('link');
    link.rel = 'canonical';
    link.id = CANONICAL_ID;
    link.href = new URL(canonicalPath, window.location.origin).toString();
    const existing = [...document.head.querySelectorAll('link[rel="canonical"]')];
    existing.forEach((element) => element.remove());
    document.head.appendChild(link);
    return () => {
      link.remove();
      existing.forEach((element) => document.head.appendChild(element));
    };
  }, [canonicalPath]);
}
