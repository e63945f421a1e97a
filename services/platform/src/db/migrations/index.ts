/** Ordered list of migrations; knex reads them through a custom source so they load the same under tsx and Vitest. */
import type { Knex } from 'knex';
import * as coreSchema from './20261122_1200_core_schema.ts';
import * as userRoleEnum from './20261123_1000_user_role_enum.ts';
import * as curation from './20261123_1100_curation.ts';
import * as accounts from './20261123_1200_accounts.ts';
import * as notableEvents from './20261123_1300_notable_events.ts';
import * as claimsAndWatching from './20261123_1400_claims_and_watching.ts';
import * as savedSearchParams from './20261123_1410_saved_search_params.ts';
import * as siteModes from './20261123_1420_site_modes.ts';
import * as curationIndexes from './20261123_1430_curation_indexes.ts';
import * as unknownRecordDates from './20261123_1500_unknown_record_dates.ts';
import * as curationDashboardCounts from './20261123_1610_curation_dashboard_counts.ts';
import * as curatorCreationsIndex from './20261123_1620_curator_creations_index.ts';
import * as curationNotesAndAssignee from './20261123_1630_curation_notes_and_assignee.ts';
import * as curationSortIndexes from './20261123_1640_curation_sort_indexes.ts';
import * as curationCreatedIndexes from './20261123_1650_curation_created_indexes.ts';
import * as pendingEmail from './20261125_1000_pending_email.ts';
import * as sharedEntityCreators from './20261125_1100_shared_entity_creators.ts';
import * as publicChanges from './20261126_0400_public_changes.ts';
import * as publicChangesByRecord from './20261126_0500_public_changes_by_record.ts';
import * as termRevision from './20261126_0600_term_revision.ts';
import * as webhooks from './20261126_1000_webhooks.ts';
import * as linkChecks from './20261126_1100_link_checks.ts';
import * as webhookEvents from './20261126_1200_webhook_events.ts';
import * as creatorMaintainers from './20261126_1300_creator_maintainers.ts';
import * as webhookRecordDigests from './20261126_1400_webhook_record_digests.ts';
import * as unattemptedDeliveriesIndex from './20261126_1410_unattempted_deliveries_index.ts';
import * as userDefinedTagApproval from './20261128_1000_user_defined_tag_approval.ts';
import * as webhookSlowLane from './20261128_1200_webhook_slow_lane.ts';
import * as recordTombstones from './20261128_1300_record_tombstones.ts';
import * as tombstoneDoiUpdates from './20261129_0100_tombstone_doi_updates.ts';
import * as outboxTxid from './20261129_0200_outbox_txid.ts';

interface Migration {
  name: string;
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

export const migrations: Migration[] = [
  { name: '20261122_1200_core_schema', ...coreSchema },
  { name: '20261123_1000_user_role_enum', ...userRoleEnum },
  { name: '20261123_1100_curation', ...curation },
  { name: '20261123_1200_accounts', ...accounts },
  { name: '20261123_1300_notable_events', ...notableEvents },
  { name: '20261123_1400_claims_and_watching', ...claimsAndWatching },
  { name: '20261123_1410_saved_search_params', ...savedSearchParams },
  { name: '20261123_1420_site_modes', ...siteModes },
  { name: '20261123_1430_curation_indexes', ...curationIndexes },
  { name: '20261123_1500_unknown_record_dates', ...unknownRecordDates },
  { name: '20261123_1610_curation_dashboard_counts', ...curationDashboardCounts },
  { name: '20261123_1620_curator_creations_index', ...curatorCreationsIndex },
  { name: '20261123_1630_curation_notes_and_assignee', ...curationNotesAndAssignee },
  { name: '20261123_1640_curation_sort_indexes', ...curationSortIndexes },
  { name: '20261123_1650_curation_created_indexes', ...curationCreatedIndexes },
  { name: '20261125_1000_pending_email', ...pendingEmail },
  { name: '20261125_1100_shared_entity_creators', ...sharedEntityCreators },
  { name: '20261126_0400_public_changes', ...publicChanges },
  { name: '20261126_0500_public_changes_by_record', ...publicChangesByRecord },
  { name: '20261126_0600_term_revision', ...termRevision },
  { name: '20261126_1000_webhooks', ...webhooks },
  { name: '20261126_1100_link_checks', ...linkChecks },
  { name: '20261126_1200_webhook_events', ...webhookEvents },
  { name: '20261126_1300_creator_maintainers', ...creatorMaintainers },
  { name: '20261126_1400_webhook_record_digests', ...webhookRecordDigests },
  { name: '20261126_1410_unattempted_deliveries_index', ...unattemptedDeliveriesIndex },
  { name: '20261128_1000_user_defined_tag_approval', ...userDefinedTagApproval },
  { name: '20261128_1200_webhook_slow_lane', ...webhookSlowLane },
  { name: '20261128_1300_record_tombstones', ...recordTombstones },
  { name: '20261129_0100_tombstone_doi_updates', ...tombstoneDoiUpdates },
  { name: '20261129_0200_outbox_txid', ...outboxTxid },
];

export const migrationSource: Knex.MigrationSource<Migration> = {
  getMigrations: async () => migrations,
  getMigrationName: (migration) => migration.name,
  getMigration: async (migration) => migration,
};
