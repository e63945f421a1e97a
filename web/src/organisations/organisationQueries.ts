/** GraphQL of the organisation screens, with the shapes of api-shapes.md. */
import { graphqlQuery, graphqlString } from '../api/client.ts';

export interface OrganisationSummary {
  id: string | number;
  name: string;
  homepage?: string | null;
  types?: unknown;
  rorLink?: string | null;
  alternativeNames?: string[] | null;
}

export interface LinkedRecord {
  id: string | number;
  name: string;
  abbreviation?: string | null;
  type?: string | null;
  registry?: string | null;
  status?: string | null;
}

export interface OrganisationDetail extends OrganisationSummary {
  urlForLogo?: string | null;
  countries?: Array<{ id: string | number; name: string; code?: string | null }> | null;
  parentOrganisations?: Array<{ id: string | number; name: string }> | null;
  childOrganisations?: Array<{ id: string | number; name: string }> | null;
  organisationLinks?: Array<{
    id: string | number;
    relation?: string | null;
    isLead?: boolean | null;
    grant?: { id: string | number; name: string } | null;
    fairsharingRecord?: LinkedRecord | null;
  }> | null;
}

export async function findOrganisations(q: string, signal?: AbortSignal): Promise<OrganisationSummary[]> {
  const text = q.trim();
  if (!text) {
    const data = await graphqlQuery<{ allOrganisations: OrganisationSummary[] | null }>(
      '{allOrganisations{id name homepage types rorLink}}',
      { signal },
    );
    return data.allOrganisations ?? [];
  }
  const data = await graphqlQuery<{ searchOrganisations: OrganisationSummary[] | null }>(
    `{searchOrganisations(q:${graphqlString(text)}){id name homepage types urlForLogo alternativeNames}}`,
    { signal },
  );
  return data.searchOrganisations ?? [];
}

export async function loadOrganisation(id: string, signal?: AbortSignal): Promise<OrganisationDetail | null> {
  const numeric = /^\d+$/.test(id) ? id : graphqlString(id);
  const data = await graphqlQuery<{ organisation: OrganisationDetail | null }>(
    `{organisation(id:${numeric}){id name alternativeNames homepage rorLink types urlForLogo countries{name id code} childOrganisations{id name} parentOrganisations{id name} organisationLinks{id isLead relation grant{id name} fairsharingRecord{id name abbreviation type registry status}}}}`,
    { signal },
  );
  return data.organisation;
}

/** Organisation types arrive as a JSON scalar: a list of names, or of objects with a name. */
export function organisationTypeNames(types: unknown): string[] {
  if (!Array.isArray(types)) return [];
  return types
    .map((type: unknown) => (typeof type === 'string' ? type : type && typeof type === 'object' && 'name' in type ? String((type as { name: unknown }).name) : ''))
    .filter(Boolean);
}
