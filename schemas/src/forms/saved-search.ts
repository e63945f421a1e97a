/**
 * The rules of a saved search (POST/PUT /saved_searches and the save-search dialog): a name, a
 * short comment, a path of this site (read by the URL parser against the site's origin, never
 * matched as text: `sitePath`) and its parameters, and the policies, organisations and
 * users it is linked to. The id lists are bounded and free of duplicates here, before any link
 * is checked one by one: 30,000 copies of one id used to cost minutes of database work.
 */
import { object, string, type InferType } from 'yup';
import { ACCOUNT_MESSAGES } from './account.ts';
import { boundedText, idList, sitePath } from './bounds.ts';

export const SAVED_SEARCH_COMMENT_MAX = 100;
export const SAVED_SEARCH_MESSAGES = {
  comments: `A comment has at most ${SAVED_SEARCH_COMMENT_MAX} characters`,
  url: 'The search to save is a path of this site, e.g. /search?fairsharingRegistry=Policy',
  policies: 'Only policies you maintain can be linked to a saved search',
} as const;

const savedSearchFields = {
  name: boundedText('name'),
  comments: string().trim().max(SAVED_SEARCH_COMMENT_MAX, SAVED_SEARCH_MESSAGES.comments).nullable(),
  url: sitePath(SAVED_SEARCH_MESSAGES.url),
  params: object().nullable().default(undefined),
  fairsharing_record_ids: idList(),
  organisation_ids: idList(),
  user_ids: idList(),
};

export const savedSearchSchema = object({
  ...savedSearchFields,
  name: savedSearchFields.name.required(ACCOUNT_MESSAGES.required),
  url: savedSearchFields.url.required(ACCOUNT_MESSAGES.required),
});
export type SavedSearchInput = InferType<typeof savedSearchSchema>;

/** A change: only the fields sent change; lists sent replace the links. */
export const savedSearchChangeSchema = object({
  ...savedSearchFields,
  name: savedSearchFields.name.min(1, ACCOUNT_MESSAGES.required),
});
export type SavedSearchChange = InferType<typeof savedSearchChangeSchema>;
