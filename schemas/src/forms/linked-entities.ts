/**
 * Rules of the entities a record editor creates or links inline: organisations and their links,
 * grants, licences and their links, publications and tags. One yup schema each, shared by the
 * web editors and the services behind the REST calls.
 */
import { array, boolean, number, object, string, type InferType } from 'yup';
import { ACCOUNT_MESSAGES } from './account.ts';

export const ORGANISATION_RELATIONS = ['maintains', 'funds', 'collaborates_on', 'associated_with', 'undefined'] as const;
export const LICENCE_RELATIONS = ['applies_to_content', 'undefined'] as const;

export const LINK_MESSAGES = {
  grantNeedsFunds: 'A grant can only be linked with the relation funds',
  relation: (allowed: readonly string[]) => `Relation must be one of ${allowed.join(', ')}`,
  ror: 'A ROR id looks like https://ror.org/02catss52',
  doiOrPubmed: 'Give a DOI (10.xxxx/...) or a PubMed id (digits)',
} as const;

const id = () => number().integer().positive();
const optionalUrl = () => string().trim().nullable().url(ACCOUNT_MESSAGES.url);

export const organisationSchema = object({
  name: string().trim().required(ACCOUNT_MESSAGES.required),
  homepage: optionalUrl(),
  alternative_names: array(string().trim().required()).default(undefined),
  ror_link: string().trim().nullable().matches(/^https:\/\/ror\.org\/0[a-z0-9]{8}$/, { message: LINK_MESSAGES.ror, excludeEmptyString: true }),
  organisation_type_ids: array(id().required()).default(undefined),
  country_ids: array(id().required()).default(undefined),
});
export type OrganisationInput = InferType<typeof organisationSchema>;

export const grantSchema = object({
  name: string().trim().required(ACCOUNT_MESSAGES.required),
  description: string().trim().default(''),
});
export type GrantInput = InferType<typeof grantSchema>;

export const organisationLinkSchema = object({
  fairsharing_record_id: id().required(ACCOUNT_MESSAGES.required),
  organisation_id: id().required(ACCOUNT_MESSAGES.required),
  relation: string().oneOf([...ORGANISATION_RELATIONS], LINK_MESSAGES.relation(ORGANISATION_RELATIONS)).default('undefined'),
  is_lead: boolean().default(false),
  grant_id: id().nullable(),
}).test('grant-needs-funds', LINK_MESSAGES.grantNeedsFunds, (link) => link.grant_id === null || link.grant_id === undefined || link.relation === 'funds');
export type OrganisationLinkInput = InferType<typeof organisationLinkSchema>;

export const licenceSchema = object({
  name: string().trim().required(ACCOUNT_MESSAGES.required),
  url: optionalUrl(),
});

export const licenceLinkSchema = object({
  fairsharing_record_id: id().required(ACCOUNT_MESSAGES.required),
  relation: string().oneOf([...LICENCE_RELATIONS], LINK_MESSAGES.relation(LICENCE_RELATIONS)).default('undefined'),
  licence_id: id(),
  /** A licence created inline when the one wanted is not listed yet. */
  licence_attributes: licenceSchema.default(undefined),
}).test('licence-given', 'Choose a licence or describe a new one', (link) => link.licence_id !== undefined || link.licence_attributes !== undefined);
export type LicenceLinkInput = InferType<typeof licenceLinkSchema>;

export const publicationSchema = object({
  title: string().trim().required(ACCOUNT_MESSAGES.required),
  doi: string().trim().nullable().matches(/^10\.\d{4,9}\/\S+$/, { message: LINK_MESSAGES.doiOrPubmed, excludeEmptyString: true }),
  pubmed_id: string().trim().nullable().matches(/^\d{1,9}$/, { message: LINK_MESSAGES.doiOrPubmed, excludeEmptyString: true }),
  authors: string().trim().nullable(),
  journal: string().trim().nullable(),
  url: optionalUrl(),
  year: number().integer().min(1600).max(new Date().getFullYear() + 1).nullable(),
});
export type PublicationInput = InferType<typeof publicationSchema>;

/** Tags are stored lower-cased (SPEC §5). */
export const userDefinedTagSchema = object({
  label: string().trim().lowercase().required(ACCOUNT_MESSAGES.required).max(200),
});
