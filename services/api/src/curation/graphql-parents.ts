/**
 * What the curator dashboard's records, notes and claims are resolved from in GraphQL: this slice's part of `ResolverParents`
 * (graphql-types/resolver-parents.ts), whose aliases are the code generator's mappers.
 */
import type { ProcessingNoteRow } from './curation-repository.ts';
import type { CurationRecordRow } from './curation-service.ts';

declare module '../graphql-types/resolver-parents.ts' {
  interface ResolverParents {
    CurationRecord: CurationRecordRow & { missing?: string[] };
    ProcessingNote: ProcessingNoteRow;
    /** A pending claim as the dashboard lists it: the claimant is loaded by id. */
    CurationMaintenanceRequest: {
      id: number;
      createdAt: string | null;
      claimantMessage: string | null;
      fairsharingRecord: CurationRecordRow;
      userId: number;
    };
  }
}
