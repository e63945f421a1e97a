/**
 * Runs one of the shared form schemas (`schemas/src/forms/`) on a request body: the value it
 * cleaned, or a 400 naming each failing field with its rule's message. Also the id of REST
 * route schemas, from the same bounds (`bounds.ts`).
 */
import { Type } from '@sinclair/typebox';
import { ValidationError, type AnyObjectSchema } from 'yup';
import { ID_RANGE, INT4_MAX } from '@registry/schemas/forms/bounds.ts';
import { invalidError } from './domain-errors.ts';

/** An id in a route's path, query or body: the int4 range of the id columns. */
export const IdInteger = () => Type.Integer(ID_RANGE);
/** The `{id}` path parameter of a route. */
export const IdParams = Type.Object({ id: IdInteger() });

/** The first message of each failing field: `{ "metadata.name": "Required" }`. */
export function fieldErrors(error: ValidationError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const item of error.inner.length > 0 ? error.inner : [error]) {
    const path = item.path || 'body';
    if (!(path in errors)) errors[path] = item.message;
  }
  return errors;
}

/** `context` reaches the rules that read it (a site path is read against `siteOrigin`). */
export async function validateInput<T>(schema: AnyObjectSchema, payload: unknown, context?: Record<string, unknown>): Promise<T> {
  try {
    return (await schema.validate(payload, { abortEarly: false, ...(context ? { context } : {}) })) as T;
  } catch (error) {
    if (error instanceof ValidationError) {
      const errors = fieldErrors(error);
      throw invalidError(Object.values(errors).join('; '), { errors });
    }
    throw error;
  }
}

/** GraphQL `ID` arguments arrive as strings; database ids are numbers. */
export function numericId(raw: string | number | null | undefined): number | null {
  if (raw === null || raw === undefined) return null;
  const text = String(raw).trim();
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 && id <= INT4_MAX ? id : null;
}
