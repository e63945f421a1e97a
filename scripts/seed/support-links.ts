/**
 * Support-link addresses as the 2018 export writes them, in the forms the support section's
 * schema accepts (a web address or an e-mail address): the same fact, spelled as a link.
 */

/** Mailing lists and support addresses come as bare e-mail addresses. */
const BARE_EMAIL = /^[^\s@/:]+@[^\s@/]+$/;

/** Twitter links come as handles (`@FGED`); a handle is 1–15 letters, digits or underscores. */
const TWITTER_HANDLE = /^@([A-Za-z0-9_]{1,15})$/;

export function supportLinkUrl(address: string, type: string): string {
  if (BARE_EMAIL.test(address)) return `mailto:${address}`;
  const handle = type === 'Twitter' ? TWITTER_HANDLE.exec(address) : null;
  return handle ? `https://twitter.com/${handle[1]}` : address;
}
