/**
 * Every permission decision: `can(viewer, action, resource)`. The table below is the whole
 * policy (the authorisation-matrix tests enumerate it); routes, resolvers and services ask it
 * and never test roles themselves. API keys are for reading: every action marked `write`
 * needs a sign-in session, and none runs while the site is read-only unless it is marked
 * `openWhenReadOnly` (the viewer's `siteReadOnly`).
 *
 * A record's creator keeps it: while it awaits approval they edit it as its creator
 * (`createdUnapproved`), and approving it makes them one of its maintainers (`approveRecord`
 * in the records service), so the usual maintainer rules apply from then on — a curator may
 * remove them, and they may stop maintaining it, as with any maintainer. Creation alone never
 * grants an approved record: a creator removed as maintainer does not get it back.
 */
import { canViewRecord, type RecordVisibilityFacts } from './record-visibility.ts';
import type { Viewer } from './viewer.ts';

/** What a rule may need to know about the thing acted on. */
export interface AccessResource {
  /** For record actions. */
  record?: RecordVisibilityFacts & { createdById?: number | null; maintainerIds?: readonly number[] };
  /** For actions on a user account (the account's id). */
  userId?: number;
  /** For changes to a shared entity (publication, organisation, grant, licence, user-defined tag). */
  sharedEntity?: SharedEntityFacts;
}

/** What decides who may change a shared entity: who added it, and the records citing it. */
export interface SharedEntityFacts {
  /** Null for seeded entities and when the creator's account is gone: curators only. */
  createdById: number | null;
  citingRecords: readonly NonNullable<AccessResource['record']>[];
}

/** A rule over the viewer and the resource; the field table (`fields.ts`) reuses these. */
export type Rule = (viewer: Viewer, resource: AccessResource) => boolean;

interface ActionDefinition {
  /** Changes something: refused to API keys and anonymous viewers whatever the rule says. */
  write: boolean;
  /** A write that stays open in read-only mode (the API lets its routes through too). */
  openWhenReadOnly?: true;
  rule: Rule;
  description: string;
}

const anyone: Rule = () => true;
const signedIn: Rule = (viewer) => viewer.userId !== null;
const curator: Rule = (viewer) => viewer.isCurator;
const superCurator: Rule = (viewer) => viewer.isSuperCurator;
const self: Rule = (viewer, resource) => viewer.userId !== null && resource.userId === viewer.userId;
const maintains: Rule = (viewer, resource) =>
  viewer.userId !== null && (resource.record?.maintainerIds ?? []).includes(viewer.userId);
const createdUnapproved: Rule = (viewer, resource) =>
  viewer.userId !== null && resource.record !== undefined && !resource.record.isApproved && resource.record.createdById === viewer.userId;
const viewable: Rule = (viewer, resource) => resource.record !== undefined && canViewRecord(viewer, resource.record);
const either = (...rules: Rule[]): Rule => (viewer, resource) => rules.some((rule) => rule(viewer, resource));
const both = (...rules: Rule[]): Rule => (viewer, resource) => rules.every((rule) => rule(viewer, resource));
/**
 * A shared entity shows on every record citing it, so its creator may change it only while each
 * of those records is theirs to edit (maintained, or created and unapproved); anyone else links
 * or unlinks it on a record they may edit instead.
 */
const createdSharedEntityOnlyTheirRecordsCite: Rule = (viewer, resource) => {
  const entity = resource.sharedEntity;
  if (viewer.userId === null || entity === undefined || entity.createdById !== viewer.userId) return false;
  return entity.citingRecords.every((record) => either(maintains, createdUnapproved)(viewer, { record }));
};
/** The rule helpers, for the field table (`fields.ts`): one vocabulary of rules for actions and fields. */
export const RULES = { anyone, signedIn, curator, superCurator, self, maintains, createdUnapproved, viewable, either, both } as const;

export const ACTIONS = {
  'record.view': { write: false, rule: viewable, description: 'see a record (the visibility rule)' },
  'record.viewCuratorNotes': { write: false, rule: curator, description: 'read curator notes' },
  'record.viewAllWatchers': { write: false, rule: curator, description: 'list every watcher of a record (others see only themselves)' },
  'record.viewHistory': { write: false, rule: both(signedIn, viewable), description: 'read the edit history and legacy logs' },
  'record.create': { write: true, rule: signedIn, description: 'create a record (approved at once only for curators)' },
  'record.edit': { write: true, rule: both(viewable, either(curator, maintains, createdUnapproved)), description: 'edit a record' },
  'record.approve': { write: true, rule: curator, description: 'approve, hide, review or merge records; change a record type' },
  'record.delete': { write: true, rule: superCurator, description: 'delete a record' },
  'record.watch': { write: true, rule: both(signedIn, viewable), description: 'watch or claim a record' },
  'record.follow': { write: true, rule: signedIn, description: 'claim, watch or stop maintaining records (each record also needs record.watch)' },
  'claim.view': { write: false, rule: signedIn, description: 'read the state of one’s own claims' },
  'claim.decide': { write: true, rule: curator, description: 'approve or reject a claim, or remove a maintainer' },
  'savedSearch.manage': { write: true, rule: either(self, superCurator), description: 'save a search; change or delete one’s own saved searches (super curators: any)' },
  'savedSearch.linkPeople': { write: true, rule: superCurator, description: 'link organisations and users to a saved search' },
  'webhook.view': { write: false, rule: self, description: 'list one’s own webhooks and their recent deliveries' },
  'webhook.manage': { write: true, rule: self, description: 'register, change or delete one’s own webhooks' },
  // Asked of a webhook's owner each time deliveries are written (a role change counts from then on).
  'webhook.receiveUnpublished': { write: false, rule: curator, description: 'be told, through one’s webhooks, of changes to records not public (registry-wide webhooks)' },
  'webhook.receiveClaimDecision': { write: false, rule: either(self, curator), description: 'be told, through one’s webhooks, that a claim was decided: one’s own claims (curators: every claim)' },
  'linkHealth.viewAll': { write: false, rule: curator, description: 'read the link health of every record (the dashboard’s Links tab)' },
  'linkHealth.viewOwn': { write: false, rule: self, description: 'read the broken links of the records one maintains or created' },
  'linkHealth.viewNote': { write: false, rule: viewable, description: 'see a record’s quiet “homepage unreachable since” note' },
  'linkHealth.adoptFinalUrl': { write: true, rule: curator, description: 'replace a permanently redirected URL by where it leads (then saved as a record edit)' },
  'reference.create': { write: true, rule: signedIn, description: 'add an organisation, grant, licence, publication or tag while editing a record' },
  'sharedEntity.change': { write: true, rule: either(curator, createdSharedEntityOnlyTheirRecordsCite), description: 'change or delete a publication, organisation, grant, licence or tag (curators; its creator while only records they may edit cite it)' },
  'sharedEntity.approve': { write: true, rule: curator, description: 'put a licence named inline, or a keyword proposed in the editor, into the public dumps, reference lists and search facets' },
  'search.curatorFilters': { write: false, rule: curator, description: 'filter search by curator-only facets (isApproved)' },
  'user.viewPrivate': { write: false, rule: either(self, superCurator), description: "read a user's e-mail, preferences and private lists" },
  'user.editOwn': { write: true, rule: self, description: 'change or delete one’s own account' },
  // A write so that API keys are refused: a key is no sign-in session to check or end.
  'user.session': { write: true, openWhenReadOnly: true, rule: self, description: 'check or end one’s own sign-in session' },
  'user.admin': { write: false, rule: superCurator, description: 'list users and their e-mail' },
  'user.manage': { write: true, rule: superCurator, description: 'set a role, deactivate or delete a user, edit a public profile' },
  'curation.dashboard': { write: false, rule: curator, description: 'read the curator dashboard' },
  'curation.annotate': { write: true, rule: curator, description: 'assign a record to a curator or add a processing note (neither approves it)' },
  'site.manage': { write: true, rule: superCurator, description: 'publish, change or delete public messages' },
  // Open in read-only mode, so that the mode can always be switched off again.
  'site.switchModes': { write: true, openWhenReadOnly: true, rule: superCurator, description: 'switch maintenance and read-only mode' },
  'timeline.manage': { write: true, rule: superCurator, description: 'add, change or delete the notable events of /timeline' },
  // What a write route without an action of its own needs before its body is read (its service then decides on the resource).
  'session.write': { write: true, rule: signedIn, description: 'call a write route that names no action of its own' },
} as const satisfies Record<string, ActionDefinition>;

export type Action = keyof typeof ACTIONS;

export function can(viewer: Viewer, action: Action, resource: AccessResource = {}): boolean {
  const definition: ActionDefinition = ACTIONS[action];
  if (definition.write && viewer.credential !== 'session') return false;
  if (definition.write && viewer.siteReadOnly && !definition.openWhenReadOnly) return false;
  return definition.rule(viewer, resource);
}
