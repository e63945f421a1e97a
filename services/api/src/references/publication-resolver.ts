/**
 * Looks a publication up by DOI (Crossref's REST API, `GET /works/{doi}`), by PubMed id (NCBI
 * E-utilities, `GET /esummary.fcgi?db=pubmed&id=…&retmode=json`) or by DOI in Zenodo (its REST
 * API's record search, `GET /records?q=doi:"…"`), at the configured base URLs, through the egress
 * module, and reads their answers into the publication fields. It runs in the worker's look-up
 * jobs (`publication-lookup-jobs.ts`). Tests point the URLs at a local server that answers in the
 * same shapes. A look-up that fails says so; it never invents fields.
 */
import type { RegistryConfig } from '@registry/platform';
import { EgressRefusedError, EgressTooLargeError, type Egress } from '@registry/platform/egress/index.ts';
import type { PublicationInput } from '@registry/schemas/forms/linked-entities.ts';

export type PublicationResolverConfig = RegistryConfig['publicationResolvers'];

export const LOOKUP_MESSAGES = {
  noAnswer: 'The publication service did not answer; try again later or fill the fields in by hand.',
  notFound: 'No publication has this identifier.',
  notInZenodo: 'No Zenodo record has this DOI.',
  unreadable: 'The publication service answered in a form this registry cannot read; fill the fields in by hand.',
  refused: 'This registry may not call the publication service at its configured address; fill the fields in by hand.',
} as const;

export class PublicationLookupError extends Error {
  override name = 'PublicationLookupError';
  constructor(
    message: string,
    readonly notFound = false,
    /** What went wrong underneath (for the worker's log; the message is the user's). */
    cause?: unknown,
  ) {
    super(message, { cause });
  }
}

async function fetchJson(egress: Egress, url: string): Promise<unknown> {
  const response = await egress.fetch({ url, headers: { accept: 'application/json' } }).catch((error: unknown) => {
    if (error instanceof EgressRefusedError) throw new PublicationLookupError(LOOKUP_MESSAGES.refused, false, error);
    if (error instanceof EgressTooLargeError) throw new PublicationLookupError(LOOKUP_MESSAGES.unreadable, false, error);
    throw new PublicationLookupError(LOOKUP_MESSAGES.noAnswer, false, error);
  });
  if (response.status === 404) throw new PublicationLookupError(LOOKUP_MESSAGES.notFound, true);
  if (response.status < 200 || response.status >= 300) {
    throw new PublicationLookupError(`The publication service answered ${response.status}; try again later or fill the fields in by hand.`);
  }
  try {
    return JSON.parse(response.body.toString('utf8'));
  } catch {
    throw new PublicationLookupError(LOOKUP_MESSAGES.unreadable);
  }
}

interface CrossrefWork {
  title?: string[];
  author?: { given?: string; family?: string; name?: string }[];
  'container-title'?: string[];
  issued?: { 'date-parts'?: number[][] };
  DOI?: string;
  URL?: string;
}

export function publicationFromCrossref(work: CrossrefWork): PublicationInput {
  const year = work.issued?.['date-parts']?.[0]?.[0];
  return {
    title: work.title?.[0] ?? '',
    doi: work.DOI ?? null,
    pubmed_id: null,
    authors: (work.author ?? []).map((author) => author.name ?? [author.given, author.family].filter(Boolean).join(' ')).join(', ') || null,
    journal: work['container-title']?.[0] ?? null,
    url: work.URL ?? (work.DOI ? `https://doi.org/${work.DOI}` : null),
    year: typeof year === 'number' ? year : null,
  };
}

interface PubmedSummary {
  title?: string;
  authors?: { name?: string }[];
  fulljournalname?: string;
  source?: string;
  pubdate?: string;
  articleids?: { idtype?: string; value?: string }[];
}

export function publicationFromPubmed(pubmedId: string, summary: PubmedSummary): PublicationInput {
  const year = Number(/\d{4}/.exec(summary.pubdate ?? '')?.[0]);
  const doi = summary.articleids?.find((id) => id.idtype === 'doi')?.value ?? null;
  return {
    title: (summary.title ?? '').replace(/\.$/, ''),
    doi,
    pubmed_id: pubmedId,
    authors: (summary.authors ?? []).map((author) => author.name).filter(Boolean).join(', ') || null,
    journal: summary.fulljournalname ?? summary.source ?? null,
    url: `https://pubmed.ncbi.nlm.nih.gov/${pubmedId}/`,
    year: Number.isInteger(year) ? year : null,
  };
}

export async function lookUpPublication(egress: Egress, config: PublicationResolverConfig, identifier: { doi?: string; pubmedId?: string }): Promise<PublicationInput> {
  if (identifier.doi) {
    const answer = (await fetchJson(egress, `${config.crossrefUrl}/works/${encodeURIComponent(identifier.doi)}`)) as { message?: CrossrefWork };
    if (!answer.message) throw new PublicationLookupError('The publication service answered without a publication.');
    return publicationFromCrossref(answer.message);
  }
  const pubmedId = identifier.pubmedId ?? '';
  const answer = (await fetchJson(egress, `${config.ncbiUrl}/esummary.fcgi?db=pubmed&retmode=json&id=${encodeURIComponent(pubmedId)}`)) as {
    result?: Record<string, PubmedSummary | string[]>;
  };
  const summary = answer.result?.[pubmedId];
  if (!summary || Array.isArray(summary) || 'error' in summary) throw new PublicationLookupError(LOOKUP_MESSAGES.notFound, true);
  return publicationFromPubmed(pubmedId, summary);
}

/** A record of Zenodo's REST API, the fields a publication takes. */
interface ZenodoRecord {
  doi?: string;
  links?: { html?: string; self_html?: string };
  metadata?: {
    title?: string;
    doi?: string;
    publication_date?: string;
    creators?: { name?: string }[];
    journal?: { title?: string };
  };
}

export function publicationFromZenodo(record: ZenodoRecord): PublicationInput {
  const metadata = record.metadata ?? {};
  const doi = record.doi ?? metadata.doi ?? null;
  const year = Number(/^\d{4}/.exec(metadata.publication_date ?? '')?.[0]);
  return {
    title: metadata.title ?? '',
    doi,
    pubmed_id: null,
    authors: (metadata.creators ?? []).map((creator) => creator.name).filter(Boolean).join('; ') || null,
    journal: metadata.journal?.title ?? null,
    url: record.links?.html ?? record.links?.self_html ?? (doi ? `https://doi.org/${doi}` : null),
    year: Number.isInteger(year) ? year : null,
  };
}

/** POST /zenodo: the Zenodo record with this DOI (Zenodo's own DOIs and the DOIs of works deposited there). */
export async function lookUpZenodoRecord(egress: Egress, config: PublicationResolverConfig, doi: string): Promise<PublicationInput> {
  const query = new URLSearchParams({ q: `doi:"${doi}"`, size: '1' });
  const answer = (await fetchJson(egress, `${config.zenodoUrl}/records?${query}`)) as { hits?: { hits?: ZenodoRecord[] } };
  const record = answer.hits?.hits?.[0];
  if (!record) throw new PublicationLookupError(LOOKUP_MESSAGES.notInZenodo, true);
  return publicationFromZenodo(record);
}
