/**
 * GraphQL of the organisation screens. The answer types are generated from these fragments and
 * the API's schema (`npm run codegen`: organisationQueries.generated.ts); each query sends its
 * fragment's selection inline.
 */
import { fragmentSelection } from '@registry/schemas/search/client/graphql-literals.ts';
import { graphqlQuery, graphqlString } from '../api/client.ts';
import type {
  AllOrganisationsRowFragment,
  OrganisationDetailFragment,
  SearchOrganisationsRowFragment,
} from './organisationQueries.generated.ts';

export const ALL_ORGANISATIONS_ROW_FRAGMENT = /* GraphQL */ `
  fragment AllOrganisationsRow on Organisation { id name homepage types rorLink }
`;

export const SEARCH_ORGANISATIONS_ROW_FRAGMENT = /* GraphQL */ `
  fragment SearchOrganisationsRow on Organisation { id name homepage types urlForLogo alternativeNames }
`;

export const ORGANISATION_DETAIL_FRAGMENT = /* GraphQL */ `
  fragment OrganisationDetail on Organisation {
    id name alternativeNames homepage rorLink types urlForLogo countries{name id code} childOrganisations{id name} parentOrganisations{id name}
    organisationLinks{id isLead relation grant{id name} fairsharingRecord{id name abbreviation type registry status}}
  }
`;

/** A row of the organisations list: the fields both lists ask for, and those only one does. */
export type OrganisationSummary = Pick<AllOrganisationsRowFragment, 'id' | 'name' | 'homepage' | 'types'> &
  Partial<Pick<AllOrganisationsRowFragment, 'rorLink'> & Pick<SearchOrganisationsRowFragment, 'urlForLogo' | 'alternativeNames'>>;

export type OrganisationDetail = OrganisationDetailFragment;

export type LinkedRecord = NonNullable<OrganisationDetail['organisationLinks'][number]['fairsharingRecord']>;

export async function findOrganisations(q: string, signal?: AbortSignal): Promise<OrganisationSummary[]> {
  const text = q.trim();
  if (!text) {
    const data = await graphqlQuery<{ allOrganisations: AllOrganisationsRowFragment[] | null }>(
      `{allOrganisations{${fragmentSelection(ALL_ORGANISATIONS_ROW_FRAGMENT)}}}`,
      { signal },
    );
    return data.allOrganisations ?? [];
  }
  const data = await graphqlQuery<{ searchOrganisations: SearchOrganisationsRowFragment[] | null }>(
    `{searchOrganisations(q:${graphqlString(text)}){${fragmentSelection(SEARCH_ORGANISATIONS_ROW_FRAGMENT)}}}`,
    { signal },
  );
  return data.searchOrganisations ?? [];
}

export async function loadOrganisation(id: string, signal?: AbortSignal): Promise<OrganisationDetail | null> {
  const numeric = /^\d+$/.test(id) ? id : graphqlString(id);
  const data = await graphqlQuery<{ organisation: OrganisationDetail | null }>(
    `{organisation(id:${numeric}){${fragmentSelection(ORGANISATION_DETAIL_FRAGMENT)}}}`,
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
