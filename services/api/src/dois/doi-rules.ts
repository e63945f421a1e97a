/** When a record gets a DOI: the one rule, shared with the web app's screens. */
export { missingDoiReason, type DoiFacts } from '@registry/schemas/curation/doi-rule.ts';
