import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { LINK_MESSAGES, publicationSchema } from './linked-entities.ts';

/** The message for a publication's year, or null when it passes. */
function yearMessage(year: unknown): string | null {
  try {
    publicationSchema.validateSyncAt('year', { title: 'A paper', year });
    return null;
  } catch (error) {
    if (error instanceof ValidationError) return error.errors[0];
    throw error;
  }
}

describe('a publication year', () => {
  it('is a whole number from 1600 to next year, said in words whatever was typed (the editor sends Number(text), NaN for "20x5")', () => {
    expect(yearMessage(2025)).toBeNull();
    expect(yearMessage(null)).toBeNull();
    for (const year of [Number('20x5'), 1599, new Date().getFullYear() + 2, 2025.5]) {
      expect(yearMessage(year), String(year)).toBe(LINK_MESSAGES.publicationYear);
    }
  });
});
