/** The record page's view of `fairsharingRecord` (the API's GraphQL shape, fields we show). */
import type { RecordPageFieldsFragment } from '@registry/schemas/web/record-page-query.generated.ts';

export interface RecordSummary {
  id: number | string;
  name: string;
  abbreviation?: string | null;
  registry?: string | null;
  type?: string | null;
  status?: string | null;
}

/** The record page's answer, generated from its document (record-page-query.ts). */
export type RegistryRecord = RecordPageFieldsFragment;
export type Publication = RegistryRecord['publications'][number];
export type OrganisationLink = RegistryRecord['organisationLinks'][number];
export type LicenceLink = RegistryRecord['licenceLinks'][number];
