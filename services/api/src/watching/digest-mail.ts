/** The change digest: one mail listing each followed record that changed, its changed sections, a history link and an unsubscribe link. */
import { escapeHtml, type Mail, type MailContext } from '../accounts/mailer.ts';

export interface ChangedRecord {
  id: number;
  name: string;
  sections: string[];
  edits: number;
}

const SECTION_NAMES: Record<string, string> = {
  generalInformation: 'General information',
  support: 'Support',
  dataAccess: 'Data access',
  additionalInformation: 'Additional information',
  publications: 'Publications',
  relations: 'Relations',
  organisations: 'Organisations',
  licences: 'Licences',
  maintainers: 'Maintainers',
  create: 'Created',
  approve: 'Approval',
  merge: 'Merged record',
};

/** The readable name of an edit's section (or of its type, for edits without one). */
export function sectionName(section: string | null, editType: string): string {
  const key = section ?? editType;
  return SECTION_NAMES[key] ?? key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
}

export function historyLink(context: MailContext, recordId: number): string {
  return `${context.publicUrl}/${recordId}#history`;
}

export function changeDigestMail(context: MailContext, to: { username: string; email: string }, records: ChangedRecord[], unsubscribeLink: string): Mail {
  const count = records.length === 1 ? '1 record' : `${records.length} records`;
  const edits = (record: ChangedRecord) => (record.edits === 1 ? '1 edit' : `${record.edits} edits`);
  const lines = records.map((record) => `- ${record.name} (${edits(record)}): ${record.sections.join(', ')}\n  History: ${historyLink(context, record.id)}`);
  const items = records.map((record) =>
    `<li><a href="${escapeHtml(historyLink(context, record.id))}">${escapeHtml(record.name)}</a> (${edits(record)}): ${escapeHtml(record.sections.join(', '))}</li>`);
  return {
    to: to.email,
    subject: `${context.siteName}: changes to ${count} you follow`,
    text: `Hello ${to.username}! These records you watch or maintain changed:\n\n${lines.join('\n')}\n\nStop these mails (one click):\n${unsubscribeLink}\n`,
    html: `<p>Hello ${escapeHtml(to.username)}! These records you watch or maintain changed:</p><ul>${items.join('')}</ul>`
      + `<p><a href="${escapeHtml(unsubscribeLink)}">Stop these mails</a></p>`,
    // RFC 8058: mail programs show their own unsubscribe button, which POSTs to the link.
    headers: { 'List-Unsubscribe': `<${unsubscribeLink}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
