/**
 * A record's missing parts (record-missing-parts-repository.ts) in the shape FAIRsharing answers
 * as `incomplete`: its web client's record page and curator dashboard read `incomplete.required`,
 * `.recommended` and `.optional`, each a list of `{field, url}`; a complete record answers null,
 * which the client reads as nothing missing.
 */

/** Parts without which a record cannot have a DOI (the DOI rule's "complete"); the rest are recommended. */
const REQUIRED_PARTS = new Set(['description', 'homepage', 'record type']);

export interface MissingField { field: string; url: string }
export interface Incompleteness { required: MissingField[]; recommended: MissingField[]; optional: MissingField[] }

/** FAIRsharing's `incomplete` for a record marked incomplete; each field links to the record's editor. */
export function incompleteness(recordId: number, missing: readonly string[]): Incompleteness {
  const field = (name: string): MissingField => ({ field: name.replace(/ /g, '_'), url: `/${recordId}/edit` });
  return {
    required: missing.filter((name) => REQUIRED_PARTS.has(name)).map(field),
    recommended: missing.filter((name) => !REQUIRED_PARTS.has(name)).map(field),
    optional: [],
  };
}
