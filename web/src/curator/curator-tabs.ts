/**
 * The tabs of the curator dashboard (/curator?tab=<id>), in the order shown. Add a tab by adding
 * one entry here: `id` goes into the URL, `action` is what the access module must allow the viewer
 * for the tab to show (the API refuses the tab's calls otherwise anyway), `component` is the
 * tab's content, taking no props.
 */
import type { ComponentType } from 'react';
import { can, type Action } from '@registry/schemas/access/policy.ts';
import type { Viewer } from '@registry/schemas/access/viewer.ts';
import { ClaimsTab } from './ClaimsTab.tsx';
import { DownloadsTab } from './DownloadsTab.tsx';
import { LinksTab } from './LinksTab.tsx';
import { MergeTab } from './MergeTab.tsx';
import { MessagesTab } from './MessagesTab.tsx';
import { NotableEventsTab } from './NotableEventsTab.tsx';
import { ApprovalsTab, CuratorCreationsTab, HiddenTab, IncompleteTab, NeedsReviewTab } from './RecordTabs.tsx';
import { SiteModesTab } from './SiteModesTab.tsx';

export interface CuratorTab {
  id: string;
  label: string;
  action: Action;
  component: ComponentType;
}

export const CURATOR_TABS: readonly CuratorTab[] = [
  { id: 'approvals', label: 'Approvals', action: 'curation.dashboard', component: ApprovalsTab },
  { id: 'claims', label: 'Claims', action: 'curation.dashboard', component: ClaimsTab },
  { id: 'hidden', label: 'Hidden', action: 'curation.dashboard', component: HiddenTab },
  { id: 'incomplete', label: 'Incomplete', action: 'curation.dashboard', component: IncompleteTab },
  { id: 'needs-review', label: 'Needs review', action: 'curation.dashboard', component: NeedsReviewTab },
  { id: 'curator-creations', label: 'Created by curators', action: 'curation.dashboard', component: CuratorCreationsTab },
  { id: 'merge', label: 'Merge duplicates', action: 'record.approve', component: MergeTab },
  { id: 'links', label: 'Links', action: 'linkHealth.viewAll', component: LinksTab },
  { id: 'downloads', label: 'Downloads', action: 'curation.dashboard', component: DownloadsTab },
  { id: 'messages', label: 'Messages', action: 'site.manage', component: MessagesTab },
  { id: 'notable-events', label: 'Notable events', action: 'timeline.manage', component: NotableEventsTab },
  { id: 'site-modes', label: 'Site modes', action: 'site.switchModes', component: SiteModesTab },
];

/** The tabs this viewer may open. */
export function tabsFor(viewer: Viewer): readonly CuratorTab[] {
  return CURATOR_TABS.filter((tab) => can(viewer, tab.action));
}
