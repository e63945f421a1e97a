/**
 * Runs one of the shared form schemas (`schemas/src/forms/`) on a request body: the value it
 * cleaned, or a 400 naming each failing field with its rule's message.
 */
import { ValidationError, type AnyObjectSchema } from 'yup';
import { invalidError } from './domain-errors.ts';

/** The first message of each failing field: `{ "metadata.name": "Required" }`. */
export function fieldErrors(error: ValidationError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const item of error.inner.length > 0 ? error.inner : [error]) {
    const path = item.path || 'body';
    if (!(path in errors)) errors[path] = item.message;
  }
  return errors;
}

export async function validateInput<T>(schema: AnyObjectSchema, payload: unknown): Promise<T> {
  try {
    return (await schema.validate(payload, { abortEarly: false })) as T;
  } catch (error) {
    if (error instanceof ValidationError) {
      const errors = fieldErrors(error);
      throw invalidError(Object.values(errors).join('; '), { errors });
    }
    throw error;
  }
}
