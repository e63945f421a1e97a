/**
 * A local stand-in for Crossref's REST API, NCBI's E-utilities and Zenodo's REST API, answering
 * in their real shapes (`GET /works/{doi}` → `{status, message}`; `GET /esummary.fcgi?db=pubmed&id=…&retmode=json`
 * → `{result: {uids, <id>: {...}}}`; `GET /records?q=doi:"…"` → `{hits: {hits: [record], total}}`)
 * with the real publications of the vendored catalogue. The registry calls them from the worker's
 * look-up jobs through the egress module, which lets their loopback address through only when
 * `EGRESS_ALLOW` names it (`publicationServicesConfig`).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import type { RegistryConfig } from '@registry/platform';
import type { CataloguePayload, CataloguePublication } from '../../scripts/seed/catalogue-file.ts';

const CATALOGUE = fileURLToPath(new URL('../../data/catalogue/records.json', import.meta.url));

/** The real publications the vendored catalogue holds (from the 2018 export). */
export function cataloguePublications(): CataloguePublication[] {
  const file = JSON.parse(readFileSync(CATALOGUE, 'utf8')) as { payload: CataloguePayload };
  return file.payload.records.flatMap((record) => record.legacy?.publications ?? []);
}

export interface PublicationServices {
  crossrefUrl: string;
  ncbiUrl: string;
  zenodoUrl: string;
  /** `127.0.0.1:<port>`, the entry `EGRESS_ALLOW` needs. */
  host: string;
  /** The path and query of every request received, in order. */
  requests: string[];
  close(): Promise<void>;
}

export interface PublicationServicesOptions {
  /** How long each answer takes, as the real services' do (Crossref's `/works/{doi}`: a few hundred ms). */
  latencyMs?: number;
}

export async function startPublicationServices(options: PublicationServicesOptions = {}): Promise<PublicationServices> {
  const publications = cataloguePublications();
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? '/');
    if (options.latencyMs) setTimeout(() => answer(request, response), options.latencyMs);
    else answer(request, response);
  });
  const answer = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const crossref = /^\/crossref\/works\/(.+)$/.exec(url.pathname);
    if (crossref) {
      const doi = decodeURIComponent(crossref[1]!).toLowerCase();
      const found = publications.find((publication) => publication.doi?.toLowerCase() === doi);
      if (!found) return send(404, 'Resource not found.');
      return send(200, {
        status: 'ok',
        'message-type': 'work',
        message: {
          DOI: found.doi,
          URL: `https://doi.org/${found.doi}`,
          title: [found.title],
          'container-title': found.journal ? [found.journal] : [],
          author: (found.authors ?? '').split(',').map((name) => ({ name: name.trim() })).filter((author) => author.name !== ''),
          issued: { 'date-parts': [[found.year]] },
        },
      });
    }
    if (url.pathname === '/ncbi/esummary.fcgi') {
      const id = url.searchParams.get('id') ?? '';
      const found = publications.find((publication) => publication.pubmedId === id);
      if (!found) return send(200, { result: { uids: [id], [id]: { uid: id, error: 'cannot get document summary' } } });
      return send(200, {
        header: { type: 'esummary', version: '0.3' },
        result: {
          uids: [id],
          [id]: {
            uid: id,
            title: found.title,
            authors: (found.authors ?? '').split(',').map((name) => ({ name: name.trim(), authtype: 'Author' })),
            fulljournalname: found.journal,
            source: found.journal,
            pubdate: String(found.year ?? ''),
            // NCBI's sort date ("YYYY/MM/DD HH:MM") and electronic location ("doi: …", or empty), which
            // FAIRsharing's web client reads for the year and the DOI of a PubMed import.
            sortpubdate: found.year ? `${found.year}/01/01 00:00` : '',
            elocationid: found.doi ? `doi: ${found.doi}` : '',
            articleids: found.doi ? [{ idtype: 'pubmed', value: id }, { idtype: 'doi', value: found.doi }] : [{ idtype: 'pubmed', value: id }],
          },
        },
      });
    }
    if (url.pathname === '/zenodo/records') {
      const doi = /^doi:"(.+)"$/.exec(url.searchParams.get('q') ?? '')?.[1]?.toLowerCase();
      const found = publications.filter((publication) => doi !== undefined && publication.doi?.toLowerCase() === doi).slice(0, 1);
      return send(200, {
        hits: {
          hits: found.map((publication) => ({
            doi: publication.doi,
            metadata: {
              title: publication.title,
              doi: publication.doi,
              publication_date: publication.year ? String(publication.year) : undefined,
              creators: (publication.authors ?? '').split(',').map((name) => ({ name: name.trim() })).filter((creator) => creator.name !== ''),
              journal: publication.journal ? { title: publication.journal } : undefined,
            },
          })),
          total: found.length,
        },
      });
    }
    return send(404, { error: 'not found' });
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    crossrefUrl: `http://127.0.0.1:${port}/crossref`,
    ncbiUrl: `http://127.0.0.1:${port}/ncbi`,
    zenodoUrl: `http://127.0.0.1:${port}/zenodo`,
    host: `127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** `config` with its look-ups pointed at the stand-ins and the egress allow-list letting them through. */
export function publicationServicesConfig(config: RegistryConfig, services: PublicationServices): RegistryConfig {
  return {
    ...config,
    publicationResolvers: { crossrefUrl: services.crossrefUrl, ncbiUrl: services.ncbiUrl, zenodoUrl: services.zenodoUrl },
    egressAllow: [...config.egressAllow, services.host],
  };
}
