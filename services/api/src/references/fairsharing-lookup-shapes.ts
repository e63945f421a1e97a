/**
 * The publication look-ups' answers in the shapes FAIRsharing's web client reads: `GET /zenodo?doi=`
 * as a Crossref-style (CSL JSON) citation, which its editor reads as `DOI`, `title`, `URL`,
 * `author[{name}]`, `container-title` and `issued.date-parts`; `POST /zenodo` as a Zenodo record
 * (`doi`, `links.doi`, `metadata.{title, creators[{name}], publication_date, journal_title}`),
 * beside this registry's own publication fields, which its web app reads. Built from the
 * look-up jobs' publication fields (`publication-resolver.ts`), whose author lists are joined
 * with ", " (Crossref) and "; " (Zenodo).
 */
import type { PublicationInput } from '@registry/schemas/forms/linked-entities.ts';

const namesIn = (authors: string | null | undefined, separator: string) =>
  (authors ?? '').split(separator).map((name) => name.trim()).filter(Boolean).map((name) => ({ name }));

const doiAddress = (publication: PublicationInput) => (publication.doi ? `https://doi.org/${publication.doi}` : publication.url ?? null);

/** A publication found in Crossref, as a CSL JSON citation (what doi.org answers for `application/vnd.citationstyles.csl+json`). */
export function crossrefStyleCitation(publication: PublicationInput): Record<string, unknown> {
  return {
    type: 'article-journal',
    DOI: publication.doi,
    title: publication.title,
    URL: publication.url ?? doiAddress(publication),
    author: namesIn(publication.authors, ', '),
    ...(publication.journal ? { 'container-title': publication.journal } : {}),
    ...(publication.year ? { issued: { 'date-parts': [[publication.year]] } } : {}),
  };
}

/** A publication found in Zenodo, as its record and as this registry's publication fields. */
export function zenodoStyleRecord(publication: PublicationInput): PublicationInput & Record<string, unknown> {
  return {
    ...publication,
    links: { doi: doiAddress(publication), html: publication.url },
    metadata: {
      title: publication.title,
      doi: publication.doi,
      creators: namesIn(publication.authors, '; '),
      ...(publication.year ? { publication_date: String(publication.year) } : {}),
      ...(publication.journal ? { journal_title: publication.journal } : {}),
    },
  };
}
