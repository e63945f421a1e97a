/**
 * Registers DOIs, and updates those of withdrawn records, through DataCite's REST API (JSON:API,
 * HTTP basic authentication), through the egress module, from the scheduler's DOI job.
 */
import type { DataciteConfig, RegistryConfig } from '@registry/platform';
import { configuredEgress, type Egress } from '@registry/platform/egress/index.ts';

export interface DoiMetadata {
  doi: string;
  title: string;
  description: string;
  /** The registry the record belongs to (Standard, Database, Policy, Collection). */
  resourceType: string;
  publisher: string;
  publicationYear: number;
  /** The landing page the DOI resolves to. */
  url: string;
}

export class DataciteError extends Error {
  override name = 'DataciteError';
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

/**
 * The egress for DataCite. No retries: a registration whose answer was lost may have been made,
 * and sending it again would be refused as taken and draw a second DOI for the record; the job's
 * next run is the retry. DataCite allows some 10 calls a second per client, hence the short pause.
 */
export function dataciteEgress(config: Pick<RegistryConfig, 'egressAllow' | 'siteName' | 'publicUrl'>): Egress {
  return configuredEgress(config, 'DOI registration', { retries: 0, totalTimeoutMs: 15_000, hostDelayMs: 100 });
}

function jsonApiHeaders(config: DataciteConfig): Record<string, string> {
  return {
    'content-type': 'application/vnd.api+json',
    accept: 'application/vnd.api+json',
    authorization: `Basic ${Buffer.from(`${config.repositoryId}:${config.password}`).toString('base64')}`,
  };
}

function throwUnlessDone(response: { status: number; body: Buffer }): void {
  const body = answerOf(response.body);
  if (response.status < 200 || response.status >= 300 || !body.data?.id) {
    throw new DataciteError(response.status, body.errors?.map((error) => error.title).join('; ') || `DataCite answered ${response.status}`);
  }
}

/** What DataCite is told of a withdrawn record's DOI: the landing page stays (its tombstone). */
export interface WithdrawnDoiMetadata {
  doi: string;
  /** "Withdrawn on <date>: <reason>". */
  notice: string;
  /** The tombstone page, the DOI's landing page as before. */
  url: string;
  /** The public successor's DOI or page, if a curator named one. */
  successor: { identifier: string; type: 'DOI' | 'URL' } | null;
}

/**
 * Updates a registered DOI's metadata for a withdrawn record (`PUT /dois/{doi}`): a description
 * saying when and why, `IsObsoletedBy` its successor. The DOI stays findable and resolves to
 * the tombstone page, as DataCite asks of content that is withdrawn.
 */
export async function updateWithdrawnDoi(egress: Egress, config: DataciteConfig, metadata: WithdrawnDoiMetadata): Promise<void> {
  const response = await egress.fetch({
    url: `${config.apiUrl}/dois/${encodeURIComponent(metadata.doi)}`,
    method: 'PUT',
    headers: jsonApiHeaders(config),
    body: JSON.stringify({
      data: {
        type: 'dois',
        attributes: {
          url: metadata.url,
          descriptions: [{ description: metadata.notice, descriptionType: 'Other' }],
          relatedIdentifiers: metadata.successor
            ? [{ relatedIdentifier: metadata.successor.identifier, relatedIdentifierType: metadata.successor.type, relationType: 'IsObsoletedBy' }]
            : [],
        },
      },
    }),
  });
  throwUnlessDone(response);
}

export async function registerDoi(egress: Egress, config: DataciteConfig, metadata: DoiMetadata): Promise<string> {
  const response = await egress.fetch({
    url: `${config.apiUrl}/dois`,
    method: 'POST',
    headers: jsonApiHeaders(config),
    body: JSON.stringify({
      data: {
        type: 'dois',
        attributes: {
          doi: metadata.doi,
          event: 'publish',
          creators: [{ name: metadata.publisher, nameType: 'Organizational' }],
          titles: [{ title: metadata.title }],
          descriptions: [{ description: metadata.description, descriptionType: 'Abstract' }],
          publisher: metadata.publisher,
          publicationYear: metadata.publicationYear,
          types: { resourceTypeGeneral: 'Other', resourceType: metadata.resourceType },
          url: metadata.url,
        },
      },
    }),
  });
  throwUnlessDone(response);
  return metadata.doi;
}

function answerOf(body: Buffer): { data?: { id?: string }; errors?: { title?: string }[] } {
  try {
    return JSON.parse(body.toString('utf8')) as { data?: { id?: string }; errors?: { title?: string }[] };
  } catch {
    return {};
  }
}
