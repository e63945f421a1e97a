/**
 * The change digest: one mail listing each followed record that changed, its changed sections, a
 * history link and an unsubscribe link; then the broken links of the recipient's own records, if any.
 */
import { escapeHtml, type Mail, type MailContext } from '../accounts/mailer.ts';

export interface ChangedRecord {
  id: number;
  name: string;
  sections: string[];
  edits: number;
}

/** A link of one of the recipient's records that has failed since `since`. */
export interface BrokenLink {
  recordId: number;
  recordName: string;
  url: string;
  since: Date;
}

export function historyLink(context: MailContext, recordId: number): string {
  return `${context.publicUrl}/${recordId}#history`;
}

export function changeDigestMail(context: MailContext, to: { username: string; email: string }, records: ChangedRecord[], unsubscribeLink: string, brokenLinks: BrokenLink[] = []): Mail {
  const count = records.length === 1 ? '1 record' : `${records.length} records`;
  const edits = (record: ChangedRecord) => (record.edits === 1 ? '1 edit' : `${record.edits} edits`);
  const lines = records.map((record) => `- ${record.name} (${edits(record)}): ${record.sections.join(', ')}\n  History: ${historyLink(context, record.id)}`);
  const items = records.map((record) =>
    `<li><a href="${escapeHtml(historyLink(context, record.id))}">${escapeHtml(record.name)}</a> (${edits(record)}): ${escapeHtml(record.sections.join(', '))}</li>`);
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const brokenText = brokenLinks.length === 0 ? '' : `\nBroken links in records you maintain:\n\n${brokenLinks.map((link) =>
    `- ${link.recordName}: ${link.url} (failing since ${day(link.since)})\n  Edit: ${context.publicUrl}/${link.recordId}/edit`).join('\n')}\n`;
  const brokenHtml = brokenLinks.length === 0 ? '' : `<p>Broken links in records you maintain:</p><ul>${brokenLinks.map((link) =>
    `<li><a href="${escapeHtml(`${context.publicUrl}/${link.recordId}/edit`)}">${escapeHtml(link.recordName)}</a>: ${escapeHtml(link.url)} (failing since ${day(link.since)})</li>`).join('')}</ul>`;
  return {
    to: to.email,
    subject: `${context.siteName}: changes to ${count} you follow`,
    text: `Hello ${to.username}! These records you watch or maintain changed:\n\n${lines.join('\n')}\n${brokenText}\nStop these mails (one click):\n${unsubscribeLink}\n`,
    html: `<p>Hello ${escapeHtml(to.username)}! These records you watch or maintain changed:</p><ul>${items.join('')}</ul>${brokenHtml}`
      + `<p><a href="${escapeHtml(unsubscribeLink)}">Stop these mails</a></p>`,
    // RFC 8058: mail programs show their own unsubscribe button, which POSTs to the link.
    headers: { 'List-Unsubscribe': `<${unsubscribeLink}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
