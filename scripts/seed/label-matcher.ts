/**
 * Links free-text labels of the corpus (subjects, domains, countries …) to vocabulary rows:
 * case-insensitive on the label first, then on synonyms. Labels that match nothing are
 * counted so the seed can report them instead of silently dropping them.
 */

export interface MatchableTerm {
  id: number;
  label: string;
  synonyms: string[];
}

export function normaliseLabel(label: string): string {
  return label.trim().toLowerCase().replace(/\s+/g, ' ');
}

export class LabelMatcher {
  private readonly byLabel = new Map<string, number>();
  private readonly bySynonym = new Map<string, number>();
  /** Unmatched labels by normalised key: first-seen spelling and how often it was asked for. */
  private readonly unmatched = new Map<string, { label: string; count: number }>();
  matchedBySynonym = 0;

  constructor(terms: MatchableTerm[]) {
    for (const term of terms) {
      const key = normaliseLabel(term.label);
      if (!this.byLabel.has(key)) this.byLabel.set(key, term.id);
    }
    for (const term of terms) {
      for (const synonym of term.synonyms) {
        const key = normaliseLabel(synonym);
        // A synonym never overrides a real label, and the first term to claim a synonym keeps it.
        if (!this.byLabel.has(key) && !this.bySynonym.has(key)) this.bySynonym.set(key, term.id);
      }
    }
  }

  /** Id of the term for this label, or undefined (and the label is counted as unmatched). */
  match(label: string): number | undefined {
    const key = normaliseLabel(label);
    const direct = this.byLabel.get(key);
    if (direct !== undefined) return direct;
    const viaSynonym = this.bySynonym.get(key);
    if (viaSynonym !== undefined) {
      this.matchedBySynonym += 1;
      return viaSynonym;
    }
    const seen = this.unmatched.get(key) ?? { label: label.trim(), count: 0 };
    seen.count += 1;
    this.unmatched.set(key, seen);
    return undefined;
  }

  /** Distinct ids for a list of labels, in first-seen order. */
  matchAll(labels: string[]): number[] {
    const ids: number[] = [];
    for (const label of labels) {
      const id = this.match(label);
      if (id !== undefined && !ids.includes(id)) ids.push(id);
    }
    return ids;
  }

  unmatchedSummary(): { label: string; count: number }[] {
    return [...this.unmatched.values()]
      .map(({ label, count }) => ({ label, count }))
      .sort((a, b) => b.count - a.count || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  }
}
