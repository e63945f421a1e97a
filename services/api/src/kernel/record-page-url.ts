/**
 * The address of a record's page on this site, which every view that links a record gives: the
 * JSON-LD, RDF and DataCite descriptions, OAI-PMH, the CSV dump, the Atom feeds and the page's
 * own tags and redirects.
 */
export function recordPageUrl(publicUrl: string, recordId: number): string {
  return `${publicUrl.replace(/\/$/, '')}/${recordId}`;
}
