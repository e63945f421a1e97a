import { describe, expect, it } from 'vitest';
import { landingQuery } from './page-prefetch.ts';
import { relationGraphQuery } from '../graph/graph-query.ts';
import { chartQuery, chartsFor, STATISTICS_TABS, TIMELINE_ADDED_QUERY } from '../statistics/statistics-queries.ts';

const at = (url: string) => {
  const { pathname, search } = new URL(url, 'http://localhost');
  return landingQuery({ pathname, search });
};

describe('the first query start-up asks for a landing screen', () => {
  it("is the screen's own: the relation graph, a statistics tab's first chart, the timeline's first chart", () => {
    expect(at('/graph/2?depth=2')).toEqual(relationGraphQuery('2'));
    expect(at('/graph/FAIRsharing.2mk2zb')).toEqual(relationGraphQuery('FAIRsharing.2mk2zb'));
    const [all, databases] = [STATISTICS_TABS[0], STATISTICS_TABS.find((tab) => tab.id === 'databases')!];
    expect(at('/summary-statistics')).toBe(chartQuery(chartsFor(all)[0], all));
    expect(at('/summary-statistics?tab=databases')).toBe(chartQuery(chartsFor(databases)[0], databases));
    expect(at('/summary-statistics?tab=nonsense')).toBe(chartQuery(chartsFor(all)[0], all));
    expect(at('/timeline')).toBe(TIMELINE_ADDED_QUERY);
  });

  it('is none for other screens, or a graph path that is not a valid address', () => {
    for (const url of ['/', '/search?q=gene', '/2', '/graph', '/curator', '/graph/%E0%A4%A']) expect(at(url)).toBeNull();
  });
});
