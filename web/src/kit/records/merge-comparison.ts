/**
 * What a curator compares before a merge: both records' identity (name, abbreviation, homepage,
 * registry, DOI), relations and maintainers, read through GraphQL as the curator sees them, and
 * what the merge will move from the duplicate to the kept record — what the duplicate has and the
 * kept record lacks, as the records service's merge moves it (moveRecordLinks: links, people,
 * vocabulary and saved searches; a relation between the two is dropped).
 */
import { graphqlQuery } from '../../api/client.ts';
import { withFragments } from '@registry/schemas/search/client/graphql-literals.ts';
import type { MergeComparisonQuery, MergeComparisonQueryVariables, MergeSideFragment } from './merge-comparison.generated.ts';

const MERGE_SIDE_FRAGMENT = /* GraphQL */ `
  fragment MergeSide on FairsharingRecord {
    id name abbreviation homepage registry doi legacyIds
    maintainers{id username} watchers{id username}
    recordAssociations{recordAssocLabel linkedRecord{id name}}
    reverseRecordAssociations{recordAssocLabel fairsharingRecord{id name}}
    subjects{id label} domains{id label} taxonomies{id label} userDefinedTags{id label} objectTypes{id label} countries{id name}
    publications{id title} organisationLinks{id organisation{id name}} licenceLinks{id licence{id name}} savedSearches{id name}
  }
`;

const MERGE_COMPARISON_QUERY = /* GraphQL */ `
  query MergeComparison($duplicate: ID, $kept: ID) {
    duplicate: fairsharingRecord(id: $duplicate) { ...MergeSide }
    kept: fairsharingRecord(id: $kept) { ...MergeSide }
  }
`;

export type MergeSide = MergeSideFragment;

export interface MergeComparison {
  duplicate: MergeSide;
  kept: MergeSide;
}

export async function loadMergeComparison(duplicateId: string, keptId: string): Promise<MergeComparison | null> {
  const variables = { duplicate: duplicateId, kept: keptId } satisfies MergeComparisonQueryVariables;
  const answer = await graphqlQuery<MergeComparisonQuery>({ query: withFragments(MERGE_COMPARISON_QUERY, MERGE_SIDE_FRAGMENT), variables });
  return answer.duplicate && answer.kept ? { duplicate: answer.duplicate, kept: answer.kept } : null;
}

/** A record's relations, both ways, as "relation: other record" with the other record's id. */
export function relationsOf(record: MergeSide): { otherId: string; text: string }[] {
  return [
    ...record.recordAssociations.flatMap((association) =>
      association.linkedRecord ? [{ otherId: association.linkedRecord.id, text: `${association.recordAssocLabel ?? 'related to'}: ${association.linkedRecord.name}` }] : []),
    ...record.reverseRecordAssociations.flatMap((association) =>
      association.fairsharingRecord ? [{ otherId: association.fairsharingRecord.id, text: `${association.fairsharingRecord.name} ${association.recordAssocLabel ?? 'related to'} this record` }] : []),
  ];
}

export interface MergeMove {
  /** What moves, e.g. "Maintainers". */
  what: string;
  /** Each item that moves, by name. */
  items: string[];
}

/** What the kept record gains: each kind of link the duplicate has and the kept record lacks (none listed when nothing moves). */
export function mergeMoves({ duplicate, kept }: MergeComparison): MergeMove[] {
  const missing = <T,>(what: string, of: (record: MergeSide) => readonly T[], key: (item: T) => string, name: (item: T) => string): MergeMove => {
    const present = new Set(of(kept).map(key));
    return { what, items: of(duplicate).filter((item) => !present.has(key(item))).map(name) };
  };
  const between = new Set([duplicate.id, kept.id]);
  const keptRelations = new Set(relationsOf(kept).map((relation) => relation.text));
  const relations: MergeMove = {
    what: 'Relations',
    items: relationsOf(duplicate).filter((relation) => !between.has(relation.otherId) && !keptRelations.has(relation.text)).map((relation) => relation.text),
  };
  const byId = (item: { id: string }) => item.id;
  return [
    relations,
    missing('Maintainers', (record) => record.maintainers, byId, (user) => user.username),
    missing('Watchers', (record) => record.watchers, byId, (user) => user.username),
    missing('Subjects', (record) => record.subjects, byId, (term) => term.label),
    missing('Domains', (record) => record.domains, byId, (term) => term.label),
    missing('Species', (record) => record.taxonomies, byId, (term) => term.label),
    missing('Keywords', (record) => record.userDefinedTags, byId, (term) => term.label),
    missing('Object types', (record) => record.objectTypes, byId, (term) => term.label),
    missing('Countries', (record) => record.countries, byId, (country) => country.name),
    missing('Publications', (record) => record.publications, byId, (publication) => publication.title),
    // Organisation and licence links move whole (the kept record may then list one twice).
    { what: 'Organisations', items: duplicate.organisationLinks.flatMap((link) => (link.organisation ? [link.organisation.name] : [])) },
    { what: 'Licences', items: duplicate.licenceLinks.flatMap((link) => (link.licence ? [link.licence.name] : [])) },
    missing('Saved searches', (record) => record.savedSearches, byId, (search) => search.name),
  ].filter((move) => move.items.length > 0);
}
