/** Small rules the account screens share: where a goTo may lead, and the text of a failure. */
import { sitePathOf } from '@registry/schemas/forms/bounds.ts';
import { ApiError } from '../api/client.ts';

/** goTo only ever leads to a path on this site, as the URL parser reads it (never `//other.host`, `/\other.host` or `https://…`). */
export function safeGoTo(goTo: string | null | undefined): string | null {
  return goTo && sitePathOf(goTo) === goTo ? goTo : null;
}

/** The server's message for a failed call (SPEC §8: the server's text is shown as it is). */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError || error instanceof Error ? error.message : 'Something went wrong; please try again.';
}

/** The server's per-field messages of a refused form (`errors: {field: [messages]}`), for formik's setErrors. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const errors = error instanceof ApiError ? (error.details as { errors?: unknown } | null)?.errors : undefined;
  if (!errors || typeof errors !== 'object') return {};
  const byField: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) {
    if (Array.isArray(messages) && messages.length > 0) byField[field] = messages.map(String).join(' ');
  }
  return byField;
}
