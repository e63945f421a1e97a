/** Plain-JavaScript answers to compare the search engine's counts with. */
import { ANONYMOUS_VIEWER, canViewRecord, viewerForUser, type RecordSearchDocument } from '@registry/schemas';

export const CURATOR = viewerForUser({ id: 1, username: 'curator', role: 'curator' }, 'session');

export function visibleToAnonymous(document: RecordSearchDocument): boolean {
  return canViewRecord(ANONYMOUS_VIEWER, document);
}

/** Lower-case values a list facet argument matches on, per document. */
export const FACET_VALUES: Record<string, (document: RecordSearchDocument) => string[]> = {
  fairsharingRegistry: (document) => [document.registry],
  recordType: (document) => (document.recordType ? [document.recordType] : []),
  status: (document) => [document.status],
  subjects: (document) => document.subjects.map((term) => term.label.toLowerCase()),
  domains: (document) => document.domains.map((term) => term.label.toLowerCase()),
  taxonomies: (document) => document.taxonomies.map((term) => term.label.toLowerCase()),
  objectTypes: (document) => document.objectTypes.map((term) => term.label.toLowerCase()),
  userDefinedTags: (document) => document.userDefinedTags.map((tag) => tag.label.toLowerCase()),
  countries: (document) => document.countries.map((country) => country.name.toLowerCase()),
  licences: (document) => document.licences.map((licence) => licence.name.toLowerCase()),
  organisations: (document) => document.organisations.map((organisation) => organisation.name.toLowerCase()),
  grants: (document) => document.grants.map((grant) => grant.name.toLowerCase()),
  recommendedStandards: (document) => document.recommendedStandards.map((record) => record.name.toLowerCase()),
  recommendedDatabases: (document) => document.recommendedDatabases.map((record) => record.name.toLowerCase()),
  implementedByDatabases: (document) => document.implementedByDatabases.map((record) => record.name.toLowerCase()),
};

export function countWhere(documents: RecordSearchDocument[], predicate: (document: RecordSearchDocument) => boolean): number {
  return documents.filter(predicate).length;
}
