/** Account mails over SMTP (nodemailer), each with a plain-text and an HTML body. */
import nodemailer from 'nodemailer';
import type { RegistryConfig } from '@registry/platform';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (e.g. List-Unsubscribe). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

export function createSmtpMailer(config: Pick<RegistryConfig, 'smtpUrl' | 'mailFrom'>): Mailer {
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from: config.mailFrom, ...mail });
    },
    close: () => transport.close(),
  };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One mail with a call to action: a paragraph, a link (shown in full in the text body), a closing line. */
export function linkMail(to: string, subject: string, siteName: string, lines: { intro: string; action: string; link: string; outro: string }): Mail {
  return {
    to,
    subject: `${siteName}: ${subject}`,
    text: `${lines.intro}\n\n${lines.action}:\n${lines.link}\n\n${lines.outro}\n`,
    html: `<p>${escapeHtml(lines.intro)}</p><p><a href="${escapeHtml(lines.link)}">${escapeHtml(lines.action)}</a></p><p>${escapeHtml(lines.outro)}</p>`,
  };
}

export interface MailContext {
  publicUrl: string;
  siteName: string;
}

/** The mailer the community's mails (claims, curators' decisions, digests) go through, with the site they name. */
export interface CommunityMail {
  mailer: Mailer;
  context: MailContext;
}

export function confirmationMail(context: MailContext, to: string, username: string, token: string): Mail {
  return linkMail(to, 'confirm your e-mail address', context.siteName, {
    intro: `Welcome ${username}! Please confirm this e-mail address for your ${context.siteName} account.`,
    action: 'Confirm my account',
    link: `${context.publicUrl}/users/confirmation?confirmation_token=${encodeURIComponent(token)}`,
    outro: 'If you did not create an account, ignore this message.',
  });
}

export function passwordResetMail(context: MailContext, to: string, username: string, token: string): Mail {
  return linkMail(to, 'reset your password', context.siteName, {
    intro: `Hello ${username}! Someone asked to change the password of your ${context.siteName} account. The link works once, for the next few hours.`,
    action: 'Change my password',
    link: `${context.publicUrl}/users/password/edit?reset_password_token=${encodeURIComponent(token)}`,
    outro: 'If you did not ask for this, ignore this message: your password stays as it is.',
  });
}

/** To an address that already has an account, when someone signs up or changes an e-mail to it: the site never says so to them. */
export function addressInUseMail(context: MailContext, to: string, username: string): Mail {
  return linkMail(to, 'someone tried to use your e-mail address', context.siteName, {
    intro: `Hello ${username}! Someone tried to sign up to ${context.siteName} with this e-mail address (or to move another account to it), but it already belongs to your account. Nothing was changed.`,
    action: 'Forgotten your password? Choose a new one',
    link: `${context.publicUrl}/accounts/forgotPassword`,
    outro: 'If this was not you, ignore this message: your account stays as it is.',
  });
}

/** To a new address of an account: it becomes the account's e-mail only once this link is followed. */
export function emailChangeMail(context: MailContext, to: string, username: string, token: string): Mail {
  return linkMail(to, 'confirm your new e-mail address', context.siteName, {
    intro: `Hello ${username}! Please confirm that this is the new e-mail address of your ${context.siteName} account. Until you do, the account keeps its old address.`,
    action: 'Confirm my new address',
    link: `${context.publicUrl}/users/confirmation?confirmation_token=${encodeURIComponent(token)}`,
    outro: 'If you did not ask for this, ignore this message: nothing changes.',
  });
}

/** To the old address of an account whose e-mail is being changed. */
export function emailChangeNoticeMail(context: MailContext, to: string, username: string, newEmail: string): Mail {
  return linkMail(to, 'your e-mail address is being changed', context.siteName, {
    intro: `Hello ${username}! Someone signed in to your ${context.siteName} account asked to change its e-mail address to ${newEmail}. It changes only once the link sent there is followed.`,
    action: 'Not you? Choose a new password now',
    link: `${context.publicUrl}/accounts/forgotPassword`,
    outro: 'A new password ends every session and API key of the account; then put your own address back on your profile.',
  });
}
