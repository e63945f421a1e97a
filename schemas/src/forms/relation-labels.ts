/**
 * How the relations of organisation and licence links read on screen: the editor's selects, the
 * record page and the organisation page use this one map. SPEC's stored value `undefined` means
 * nobody said how the two are related, so it reads "Unspecified" (a link without a relation
 * reads the same).
 */
import { LICENCE_RELATIONS, ORGANISATION_RELATIONS } from './linked-entities.ts';

export type LinkRelation = (typeof ORGANISATION_RELATIONS)[number] | (typeof LICENCE_RELATIONS)[number];

export const LINK_RELATION_LABELS: Readonly<Record<LinkRelation, string>> = {
  maintains: 'Maintains',
  funds: 'Funds',
  collaborates_on: 'Collaborates on',
  associated_with: 'Associated with',
  applies_to_content: 'Applies to content',
  undefined: 'Unspecified',
};

function isLinkRelation(relation: string): relation is LinkRelation {
  return Object.hasOwn(LINK_RELATION_LABELS, relation);
}

/** The label of a stored relation; one outside the map (older data) reads as its words. */
export function linkRelationLabel(relation: string | null | undefined): string {
  if (!relation) return LINK_RELATION_LABELS.undefined;
  if (isLinkRelation(relation)) return LINK_RELATION_LABELS[relation];
  const words = relation.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
