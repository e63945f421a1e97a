/**
 * When a record gets a DOI, once for the server and every screen: a record is given one when a
 * curator has approved it, it is visible and the curators have marked its description complete
 * (the DOI job then registers it within minutes: services/api/src/dois/). The API names what a
 * record still lacks (`missingDoiReason`); every screen that speaks of DOIs says the rule in the
 * one sentence below.
 */

export interface DoiFacts {
  doi: string | null;
  is_approved: boolean;
  is_hidden: boolean;
  is_complete: boolean;
}

/** The rule in a visitor's words: the add-content page, new and pending records, approved ones alike. */
export const DOI_RULE_SENTENCE = 'A record gets a DOI once a curator has approved it and marked its description complete.';

export type MissingDoiReason = 'awaiting approval' | 'hidden' | 'incomplete' | 'awaiting registration';

/** Why a record has no DOI yet, for its page and the curators' list; null when it has one. */
export function missingDoiReason(record: DoiFacts): MissingDoiReason | null {
  if (record.doi !== null) return null;
  if (!record.is_approved) return 'awaiting approval';
  if (record.is_hidden) return 'hidden';
  if (!record.is_complete) return 'incomplete';
  return 'awaiting registration';
}

/** What a record still waiting for its DOI is waiting for, beside the rule. */
const DOI_WAIT_DETAILS: Readonly<Record<MissingDoiReason, string>> = {
  'awaiting approval': DOI_RULE_SENTENCE,
  incomplete: DOI_RULE_SENTENCE,
  hidden: `This record is hidden, and hidden records get none. ${DOI_RULE_SENTENCE}`,
  'awaiting registration': 'This record qualifies for a DOI, which is being registered with DataCite and will appear here within minutes.',
};

function isMissingDoiReason(reason: string): reason is MissingDoiReason {
  return reason in DOI_WAIT_DETAILS;
}

/** The sentence a record page shows in place of a DOI it does not have yet; null when there is no reason. */
export function doiExplanation(reason: string | null | undefined): string | null {
  if (!reason) return null;
  return `No DOI yet. ${isMissingDoiReason(reason) ? DOI_WAIT_DETAILS[reason] : `Reason: ${reason}.`}`;
}
