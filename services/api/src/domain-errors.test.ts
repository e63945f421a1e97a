import { describe, expect, it } from 'vitest';
import { databaseInputError } from './domain-errors.ts';

describe('databaseInputError', () => {
  it('answers races with 409 and values Postgres cannot store with 400, each with a message', () => {
    const expected: Record<string, number> = { '23503': 409, '23505': 409, '22001': 400, '22003': 400, '22P02': 400, '22021': 400, '54000': 400, '08P01': 400 };
    for (const [code, statusCode] of Object.entries(expected)) {
      const error = databaseInputError(Object.assign(new Error('from pg'), { code }));
      expect(error?.statusCode, code).toBe(statusCode);
      expect(error?.message).not.toContain('from pg');
    }
  });

  it('leaves server faults (disk full) and errors without a SQLSTATE alone', () => {
    for (const error of [Object.assign(new Error('x'), { code: '53100' }), new Error('x'), null, { code: 'toString' }]) {
      expect(databaseInputError(error)).toBeUndefined();
    }
  });

  it('answers 503 when the database, or a service the request needed, cannot be reached', () => {
    expect(databaseInputError(Object.assign(new Error('x'), { code: '3D000' }))).toMatchObject({ statusCode: 503 });
    expect(databaseInputError(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toMatchObject({ statusCode: 503, message: expect.stringMatching(/not available at the moment/) });
  });
});
