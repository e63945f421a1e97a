import { describe, expect, it } from 'vitest';
import { METADATA_FILTER_IDS } from './record-document.ts';
import { ANONYMOUS_VIEWER, viewerForUser } from '../access/viewer.ts';
import {
  ADVANCED_SEARCH_FILTERS,
  advancedSearchFilterById,
  FACETS,
  facetByArgument,
  facetByKey,
  facetMatchArgument,
  facetsVisibleTo,
  facetValueLabel,
  normaliseStatus,
  readFacetMatch,
} from './facets.ts';

describe('facet registry', () => {
  it('declares the public API facets once each, with their argument names', () => {
    expect(FACETS.map((facet) => [facet.key, facet.argument])).toEqual(
      expect.arrayContaining([
        ['fairsharing_registry', 'fairsharingRegistry'], ['record_type', 'recordType'], ['status', 'status'],
        ['subjects', 'subjects'], ['domains', 'domains'], ['taxonomies', 'taxonomies'],
        ['user_defined_tags', 'userDefinedTags'], ['object_types', 'objectTypes'], ['licences', 'licences'],
        ['organisations', 'organisations'], ['countries', 'countries'], ['grants', 'grants'],
        ['is_recommended', 'isRecommended'], ['is_maintained', 'isMaintained'], ['is_approved', 'isApproved'],
        ['recommended_standards', 'recommendedStandards'], ['recommended_databases', 'recommendedDatabases'],
        ['implemented_by_databases', 'implementedByDatabases'],
      ]),
    );
    expect(FACETS).toHaveLength(18);
    expect(new Set(FACETS.map((facet) => facet.key)).size).toBe(18);
  });

  it('labels as SPEC §9 says and keeps isApproved for curators', () => {
    expect(facetByKey('taxonomies')?.label).toBe('Species');
    expect(facetByArgument('status')?.label).toBe('Output status');
    const curator = viewerForUser({ id: 1, username: 'curator', role: 'curator' }, 'session');
    expect(facetsVisibleTo(ANONYMOUS_VIEWER).some((facet) => facet.key === 'is_approved')).toBe(false);
    expect(facetsVisibleTo(viewerForUser({ id: 2, username: 'user', role: 'user' }, 'session')).some((facet) => facet.key === 'is_approved')).toBe(false);
    expect(facetsVisibleTo(curator).some((facet) => facet.key === 'is_approved')).toBe(true);
    expect(facetValueLabel(facetByKey('status')!, 'in_development')).toBe('In Dev.');
    expect(facetValueLabel(facetByKey('subjects')!, 'genomics')).toBe('genomics');
  });

  it('offers "all of" only where a record may hold several values, as the advanced search filters say', () => {
    for (const facet of FACETS) {
      const filter = ADVANCED_SEARCH_FILTERS.find((candidate) => candidate.field === facet.field);
      if (filter) expect(facet.singleValued, facet.key).toBe(filter.singleValued);
      expect(facetMatchArgument(facet), facet.key).toBe(facet.singleValued ? null : `${facet.argument}Match`);
    }
    expect(facetMatchArgument(facetByArgument('subjects')!)).toBe('subjectsMatch');
    expect(facetMatchArgument(facetByArgument('fairsharingRegistry')!)).toBeNull();
    expect(['all', ' ALL ', 'Any', 'both', ''].map(readFacetMatch)).toEqual(['all', 'all', 'any', null, null]);
  });

  it('reads status names, labels and the numeric codes', () => {
    expect(['0', 'Ready', 'READY'].map(normaliseStatus)).toEqual(['ready', 'ready', 'ready']);
    expect(['1', 'Deprecated'].map(normaliseStatus)).toEqual(['deprecated', 'deprecated']);
    expect(['2', 'In Dev.', 'in_development', 'in development'].map(normaliseStatus)).toEqual(Array(4).fill('in_development'));
    expect(['3', 'uncertain'].map(normaliseStatus)).toEqual(['uncertain', 'uncertain']);
    expect(normaliseStatus('9')).toBeNull();
  });
});

describe('advanced search filters', () => {
  it('cover SPEC §3 identifiers and every metadata filter', () => {
    const ids = ADVANCED_SEARCH_FILTERS.map((filter) => filter.id);
    for (const id of ['registry', 'type', 'subjects', 'domains', 'userDefinedTags', 'status', 'taxonomies', 'licences', 'countries', 'objectTypes', 'organisations', 'isImplemented', 'hasPublication', ...METADATA_FILTER_IDS]) {
      expect(ids).toContain(id);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('resolves the registry-specific type identifiers to type', () => {
    for (const alias of ['standardtype', 'databasetype', 'policytype']) expect(advancedSearchFilterById(alias)?.id).toBe('type');
    expect(advancedSearchFilterById('dataCuration')?.field).toBe('attributes.dataCuration');
    expect(advancedSearchFilterById('recommendsStandard')?.kind).toBe('boolean');
    expect(advancedSearchFilterById('colour')).toBeUndefined();
  });
});
