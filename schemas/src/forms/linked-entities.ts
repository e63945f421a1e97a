/**
 * Rules of the entities a record editor creates or links inline: organisations and their links,
 * grants, licences and their links, publications and tags. One yup schema each, shared by the
 * web editors and the services behind the REST calls.
 */
import { array, boolean, number, object, string, type InferType } from 'yup';
import { ACCOUNT_MESSAGES } from './account.ts';
import { boundedText, hasNoDuplicates, httpUrl, idList, isHttpUrl, idNumber, MAX_ITEMS_PER_LIST, BOUND_MESSAGES, TEXT_MAX } from './bounds.ts';

export const ORGANISATION_RELATIONS = ['maintains', 'funds', 'collaborates_on', 'associated_with', 'undefined'] as const;
export const LICENCE_RELATIONS = ['applies_to_content', 'undefined'] as const;

export const LINK_MESSAGES = {
  grantNeedsFunds: 'A grant can only be linked with the relation funds',
  relation: (allowed: readonly string[]) => `Relation must be one of ${allowed.join(', ')}`,
  ror: 'A ROR id looks like https://ror.org/02catss52',
  doiOrPubmed: 'Give a DOI (10.xxxx/...) or a PubMed id (digits)',
  doi: 'Give a DOI (10.xxxx/...)',
  /** Also for text that is no number at all (yup's own message named its NaN cast). */
  publicationYear: 'Year must be a whole number from 1600 to next year',
} as const;

const id = idNumber;

/** A ROR id's address exactly as ROR writes it: https://ror.org/ and the id (0 and eight letters or digits), nothing else. */
function isRorLink(value: string): boolean {
  if (!isHttpUrl(value)) return false;
  const url = new URL(value);
  return url.href === value && url.protocol === 'https:' && url.host === 'ror.org' && /^\/0[a-z0-9]{8}$/.test(url.pathname);
}

const optionalUrl = () => httpUrl(ACCOUNT_MESSAGES.url).nullable();

export const organisationSchema = object({
  name: boundedText('name').required(ACCOUNT_MESSAGES.required),
  homepage: optionalUrl(),
  alternative_names: array(boundedText('name').required())
    .max(MAX_ITEMS_PER_LIST, BOUND_MESSAGES.itemCount)
    .test('unique-names', 'The same alternative name is listed twice', hasNoDuplicates)
    .default(undefined),
  ror_link: httpUrl(LINK_MESSAGES.ror).nullable().test('ror-id', LINK_MESSAGES.ror, (value) => !value || isRorLink(value)),
  organisation_type_ids: idList(),
  country_ids: idList(),
});
export type OrganisationInput = InferType<typeof organisationSchema>;

export const grantSchema = object({
  name: boundedText('name').required(ACCOUNT_MESSAGES.required),
  description: boundedText('description').default(''),
});
export type GrantInput = InferType<typeof grantSchema>;

export const organisationLinkSchema = object({
  fairsharing_record_id: id().required(ACCOUNT_MESSAGES.required),
  organisation_id: id().required(ACCOUNT_MESSAGES.required),
  relation: string().max(TEXT_MAX.code).oneOf([...ORGANISATION_RELATIONS], LINK_MESSAGES.relation(ORGANISATION_RELATIONS)).default('undefined'),
  is_lead: boolean().default(false),
  grant_id: id().nullable(),
}).test('grant-needs-funds', LINK_MESSAGES.grantNeedsFunds, (link) => link.grant_id === null || link.grant_id === undefined || link.relation === 'funds');
export type OrganisationLinkInput = InferType<typeof organisationLinkSchema>;

export const licenceSchema = object({
  name: boundedText('name').required(ACCOUNT_MESSAGES.required),
  url: optionalUrl(),
});

export const licenceLinkSchema = object({
  fairsharing_record_id: id().required(ACCOUNT_MESSAGES.required),
  relation: string().max(TEXT_MAX.code).oneOf([...LICENCE_RELATIONS], LINK_MESSAGES.relation(LICENCE_RELATIONS)).default('undefined'),
  licence_id: id(),
  /** A licence created inline when the one wanted is not listed yet. */
  licence_attributes: licenceSchema.default(undefined),
}).test('licence-given', 'Choose a licence or describe a new one', (link) => link.licence_id !== undefined || link.licence_attributes !== undefined);
export type LicenceLinkInput = InferType<typeof licenceLinkSchema>;

export const publicationSchema = object({
  title: boundedText('title').required(ACCOUNT_MESSAGES.required),
  doi: boundedText('code').nullable().matches(/^10\.\d{4,9}\/\S+$/, { message: LINK_MESSAGES.doiOrPubmed, excludeEmptyString: true }),
  pubmed_id: boundedText('code').nullable().matches(/^\d{1,9}$/, { message: LINK_MESSAGES.doiOrPubmed, excludeEmptyString: true }),
  authors: boundedText('description').nullable(),
  journal: boundedText('name').nullable(),
  url: optionalUrl(),
  year: number()
    .typeError(LINK_MESSAGES.publicationYear)
    .integer(LINK_MESSAGES.publicationYear)
    .min(1600, LINK_MESSAGES.publicationYear)
    .max(new Date().getFullYear() + 1, LINK_MESSAGES.publicationYear)
    .nullable(),
});
export type PublicationInput = InferType<typeof publicationSchema>;

/** Tags are stored lower-cased (SPEC §5). */
export const userDefinedTagSchema = object({
  label: boundedText('name').lowercase().required(ACCOUNT_MESSAGES.required),
});
