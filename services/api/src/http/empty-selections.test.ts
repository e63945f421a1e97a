import { describe, expect, it } from 'vitest';
import { withoutEmptySelections } from './empty-selections.ts';

describe('withoutEmptySelections', () => {
  it("takes a field's empty selection set as no selection (FAIRsharing's client's download buttons)", () => {
    expect(withoutEmptySelections('{needsReview{}}')).toBe('{needsReview}');
    expect(withoutEmptySelections('{curatorSummaryStatistics{ }}')).toBe('{curatorSummaryStatistics}');
    expect(withoutEmptySelections('{ a: needsReview(page: 2) { } b { c {} } }')).toBe('{ a: needsReview(page: 2)  b { c  } }');
  });

  it('leaves strings, comments, empty operations and unreadable text as they are', () => {
    expect(withoutEmptySelections('{ search(q: "x{}") { id } }')).toBe('{ search(q: "x{}") { id } }');
    expect(withoutEmptySelections('# a{}\n{ id }')).toBe('# a{}\n{ id }');
    expect(withoutEmptySelections('{}')).toBe('{}');
    expect(withoutEmptySelections('{ a{} "unterminated }')).toBe('{ a{} "unterminated }');
  });
});
