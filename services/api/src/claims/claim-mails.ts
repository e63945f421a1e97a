/** The mails of a claim: to the claimant and to the curators when it is made, to both sides when it is decided. */
import { linkMail, type Mail, type MailContext } from '../accounts/mailer.ts';
import { CLAIM_ANSWER_WITHIN } from '@registry/schemas/forms/community.ts';
import type { MailAddress } from './claim-repository.ts';

interface ClaimedRecord {
  id: number;
  name: string;
}

const recordLink = (context: MailContext, record: ClaimedRecord) => `${context.publicUrl}/${record.id}`;
const quoted = (label: string, message: string | null) => (message ? ` ${label}: “${message}”` : '');

export function claimReceivedMail(context: MailContext, claimant: MailAddress, record: ClaimedRecord): Mail {
  return linkMail(claimant.email, `your claim on ${record.name}`, context.siteName, {
    intro: `Hello ${claimant.username}! We received your request to maintain ${record.name}. A curator will answer ${CLAIM_ANSWER_WITHIN}.`,
    action: 'See the record',
    link: recordLink(context, record),
    outro: 'You will get another message when a curator has decided.',
  });
}

export function claimToDecideMail(context: MailContext, curator: MailAddress, claimant: MailAddress, record: ClaimedRecord, message: string | null): Mail {
  return linkMail(curator.email, `${claimant.username} claims ${record.name}`, context.siteName, {
    intro: `${claimant.username} asks to maintain ${record.name}.${quoted('Their message', message)}`,
    action: 'Decide on the curator dashboard',
    link: `${context.publicUrl}/curator`,
    outro: `Please answer ${CLAIM_ANSWER_WITHIN}.`,
  });
}

export function claimDecidedMail(context: MailContext, claimant: MailAddress, record: ClaimedRecord, approved: boolean, message: string | null): Mail {
  return linkMail(claimant.email, `your claim on ${record.name} was ${approved ? 'approved' : 'rejected'}`, context.siteName, {
    intro: approved
      ? `Hello ${claimant.username}! A curator approved your claim: you now maintain ${record.name} and can edit it.${quoted('The curator wrote', message)}`
      : `Hello ${claimant.username}! A curator did not approve your claim on ${record.name}.${quoted('The curator wrote', message)}`,
    action: 'See the record',
    link: recordLink(context, record),
    outro: 'Reply to the curators if you have questions.',
  });
}

export function decisionCopyMail(context: MailContext, curator: MailAddress, claimant: MailAddress, record: ClaimedRecord, approved: boolean): Mail {
  return linkMail(curator.email, `you ${approved ? 'approved' : 'rejected'} ${claimant.username}'s claim on ${record.name}`, context.siteName, {
    intro: `You ${approved ? 'approved' : 'rejected'} the claim of ${claimant.username} on ${record.name}; they have been told.`,
    action: 'See the record',
    link: recordLink(context, record),
    outro: 'This is a copy for your records.',
  });
}
