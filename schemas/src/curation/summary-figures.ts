/**
 * The curation summary (GraphQL `curatorSummaryStatistics`, a JSON value): what the curation
 * service answers and the dashboard's downloads tab shows.
 */
export interface RegistryCurationCounts {
  registry: string;
  records: number;
  awaitingApproval: number;
  hidden: number;
  incomplete: number;
  withoutDoi: number;
}

export interface CurationSummaryFigures {
  registries: RegistryCurationCounts[];
  pendingClaims: number;
}
