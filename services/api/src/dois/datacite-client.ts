/** Registers DOIs through DataCite's REST API (JSON:API, HTTP basic authentication). */
import type { DataciteConfig } from '@registry/platform';

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

export async function registerDoi(config: DataciteConfig, metadata: DoiMetadata): Promise<string> {
  const response = await fetch(`${config.apiUrl}/dois`, {
    method: 'POST',
    headers: {
      'content-type': 'application/vnd.api+json',
      authorization: `Basic ${Buffer.from(`${config.repositoryId}:${config.password}`).toString('base64')}`,
    },
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
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await response.json().catch(() => ({}))) as { data?: { id?: string }; errors?: { title?: string }[] };
  if (!response.ok || !body.data?.id) {
    throw new DataciteError(response.status, body.errors?.map((error) => error.title).join('; ') || `DataCite answered ${response.status}`);
  }
  return metadata.doi;
}
