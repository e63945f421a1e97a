/**
 * The tabs of the curator dashboard (/curator?tab=<id>), in the order shown. Add a tab by adding
 * one entry here: `id` goes into the URL, `superCuratorOnly` hides it from curators (the API
 * refuses their calls anyway), `component` is the tab's content, taking no props.
 */
import type { ComponentType } from 'react';
import { ClaimsTab } from './ClaimsTab.tsx';
import { DownloadsTab } from './DownloadsTab.tsx';
import { MessagesTab } from './MessagesTab.tsx';
import { NotableEventsTab } from './NotableEventsTab.tsx';
import { ApprovalsTab, CuratorCreationsTab, HiddenTab, IncompleteTab, NeedsReviewTab } from './RecordTabs.tsx';
import { SiteModesTab } from './SiteModesTab.tsx';

export interface CuratorTab {
  id: string;
  label: string;
  superCuratorOnly: boolean;
  component: ComponentType;
}

export const CURATOR_TABS: readonly CuratorTab[] = [
  { id: 'approvals', label: 'Approvals', superCuratorOnly: false, component: ApprovalsTab },
  { id: 'claims', label: 'Claims', superCuratorOnly: false, component: ClaimsTab },
  { id: 'hidden', label: 'Hidden', superCuratorOnly: false, component: HiddenTab },
  { id: 'incomplete', label: 'Incomplete', superCuratorOnly: false, component: IncompleteTab },
  { id: 'needs-review', label: 'Needs review', superCuratorOnly: false, component: NeedsReviewTab },
  { id: 'curator-creations', label: 'Created by curators', superCuratorOnly: false, component: CuratorCreationsTab },
  { id: 'downloads', label: 'Downloads', superCuratorOnly: false, component: DownloadsTab },
  { id: 'messages', label: 'Messages', superCuratorOnly: true, component: MessagesTab },
  { id: 'notable-events', label: 'Notable events', superCuratorOnly: true, component: NotableEventsTab },
  { id: 'site-modes', label: 'Site modes', superCuratorOnly: true, component: SiteModesTab },
];

/** The tabs this viewer may open. */
export function tabsFor(isSuperCurator: boolean): readonly CuratorTab[] {
  return CURATOR_TABS.filter((tab) => isSuperCurator || !tab.superCuratorOnly);
}
