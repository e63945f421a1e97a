import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.ts';
import { fieldErrorsOf, safeGoTo } from './account-paths.ts';

describe('account screen rules', () => {
  it('lets goTo lead only to a path on this site', () => {
    expect(safeGoTo('/profiles/edit?tab=1')).toBe('/profiles/edit?tab=1');
    for (const outside of ['https://evil.example/', '//evil.example/x', '/\\evil.example', '/\\/evil.example', '/\t/evil.example', '/.//evil.example', 'profiles', '', null, undefined]) {
      expect(safeGoTo(outside)).toBeNull();
    }
  });

  it("reads the server's per-field messages of a refused form", () => {
    const refused = new ApiError('Username has already been taken', 422, {
      success: false,
      message: 'Username has already been taken',
      errors: { username: ['Username has already been taken'], email: ['Invalid e-mail.', 'E-mail has already been taken'] },
    });
    expect(fieldErrorsOf(refused)).toEqual({ username: 'Username has already been taken', email: 'Invalid e-mail. E-mail has already been taken' });
    expect(fieldErrorsOf(new ApiError('Forbidden', 403, { error: 'Forbidden' }))).toEqual({});
    expect(fieldErrorsOf(new Error('offline'))).toEqual({});
  });
});
