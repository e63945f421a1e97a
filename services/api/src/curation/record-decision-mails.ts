/**
 * The mails that tell a record's creator what a curator decided: approved (it is public and they
 * maintain it), or rejected (deleted while it still awaited approval). What a mail names about
 * the record passes the field table as the creator would read it (`redactFields`).
 */
import { redactFields, viewerForUser, type AccessResource, type UserRole } from '@registry/schemas';
import { linkMail, type Mail, type MailContext } from '../accounts/mailer.ts';

export interface RecordCreator {
  id: number;
  username: string;
  email: string;
  role: UserRole;
}

export interface DecidedRecord {
  id: number;
  name: string;
  resource: AccessResource;
}

/** The record's name as its creator may read it; "your record" if the field table withholds it. */
function nameForCreator(creator: RecordCreator, record: DecidedRecord): string {
  const readable = redactFields(viewerForUser(creator, 'session'), 'FairsharingRecord', record.resource, { name: record.name });
  return readable.name ?? 'your record';
}

export function recordApprovedMail(context: MailContext, creator: RecordCreator, record: DecidedRecord): Mail {
  const name = nameForCreator(creator, record);
  return linkMail(creator.email, `${name} was approved`, context.siteName, {
    intro: `Hello ${creator.username}! A curator approved ${name}: everyone can see it now. You maintain it, so you can go on editing it.`,
    action: 'See the record',
    link: `${context.publicUrl}/${record.id}`,
    outro: 'Reply to the curators if you have questions.',
  });
}

export function recordRejectedMail(context: MailContext, creator: RecordCreator, record: DecidedRecord): Mail {
  const name = nameForCreator(creator, record);
  return linkMail(creator.email, `${name} was not approved`, context.siteName, {
    intro: `Hello ${creator.username}! A curator did not approve ${name}, and it has been removed from ${context.siteName}.`,
    action: 'How to add content',
    link: `${context.publicUrl}/new`,
    outro: 'Reply to the curators if you have questions.',
  });
}
