/**
 * What each GraphQL object type is resolved from, where that is not the type's own shape: the
 * domains' rows and search documents. GraphQL Code Generator takes these as its mappers
 * (`codegen.config.ts`), so in the generated `Resolvers` every field resolver's parent is the row it
 * really receives and every field that answers such a type must return that row.
 */
import type { RecordSearchDocument, SearchDocumentTerm } from '@registry/schemas';
import type {
  CountryRow, EditEventRow, GrantRow, LicenceLinkRow, LicenceRow, MaintenanceRequestRow, OrganisationLinkRow, OrganisationRow,
  OrganisationTypeRow, ProcessingNoteRow, PublicationRow, RecordAssociationRow, RecordRow, RecordTypeRow, RegistryRow,
  RelationTypeRow, ReviewRow, SavedSearchRow, UserDefinedTagRow, UserRow, VocabularyRow,
} from '../records/record-rows.ts';
import type { CurationRecordRow } from '../curation/curation-service.ts';
import type { HistoryDescription } from '../records/history-description.ts';
import type { MessageRow } from '../messages/message-service.ts';
import type { WithdrawnRecord } from '../records/withdrawn-records.ts';
import type { SearchRecordsResult, SearchResultDocument } from '../search/search-records.ts';

/** A withdrawn record is answered as the row its tombstone keeps, with `withdrawn` set (records/withdrawn-records.ts). */
export type RecordParent = RecordRow & { withdrawn?: WithdrawnRecord };
export type WithdrawnParent = WithdrawnRecord;
export type LicenceLinkParent = LicenceLinkRow;
export type RecordAssociationParent = RecordAssociationRow;
export type RecordAssociationLabelParent = RelationTypeRow;
export type ReviewParent = ReviewRow;
export type SavedSearchParent = SavedSearchRow;
/** A user row, with the e-mail only for viewers the access module lets see it. */
export type UserParent = UserRow & { email?: string | null };
export type MaintenanceRequestParent = MaintenanceRequestRow;
/** An edit in a profile's list, which describes itself as its record's history does (`description`). */
export type EditEventParent = EditEventRow & { describe(): Promise<HistoryDescription> };
export type OrganisationParent = OrganisationRow;
export type OrganisationLinkParent = OrganisationLinkRow;
export type OrganisationTypeParent = OrganisationTypeRow;
export type GrantParent = GrantRow;
/** A vocabulary term: a row, or as embedded in a search document. */
export type TermParent = VocabularyRow | SearchDocumentTerm;
/** Terms embedded in a search document say they are in use; rows are looked up. */
export type DomainParent = TermParent & { inFairsharing?: boolean };
export type UserDefinedTagParent = UserDefinedTagRow;
export type CountryParent = CountryRow;
/** A licence row, or a search document's licence (no SPDX id). */
export type LicenceParent = Pick<LicenceRow, 'id' | 'name' | 'url'> & Partial<LicenceRow>;
/** A publication row, or a search document's publication (fewer fields). */
export type PublicationParent = Pick<PublicationRow, 'id' | 'title' | 'url' | 'doi'> & Partial<PublicationRow>;
export type RegistryParent = RegistryRow;
export type RecordTypeParent = RecordTypeRow;
export type MessageParent = MessageRow;
export type SearchResultParent = SearchRecordsResult;
export type SearchRecordParent = SearchResultDocument | RecordSearchDocument;
export type CurationRecordParent = CurationRecordRow & { missing?: string[] };
export type ProcessingNoteParent = ProcessingNoteRow;
/** A pending claim as the dashboard lists it: the claimant is loaded by id. */
export interface CurationMaintenanceRequestParent {
  id: number;
  createdAt: string | null;
  claimantMessage: string | null;
  fairsharingRecord: CurationRecordRow;
  userId: number;
}
