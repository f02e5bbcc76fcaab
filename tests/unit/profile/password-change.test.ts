import { describe, expect, it } from 'vitest';
import { passwordChangeProblems, profileUpdateSchema } from '@shared/schemas/profile';

describe('password change rules', () => {
  it('ask nothing when the password is not being changed', () => {
    expect(passwordChangeProblems({ change_password: false, new_password: 'x' })).toEqual([]);
    expect(passwordChangeProblems({})).toEqual([]);
  });

  it('require the current password', () => {
    expect(passwordChangeProblems({ change_password: true, new_password: 'secret1', new_password_confirm: 'secret1' })).toEqual(['current_password_required']);
  });

  it('require the confirmation to match the new password', () => {
    expect(passwordChangeProblems({ change_password: true, current_password: 'old', new_password: 'secret1', new_password_confirm: 'secret2' })).toEqual([
      'password_confirmation_mismatch',
    ]);
  });

  it('require 6 to 20 characters', () => {
    const change = (password: string) => ({ change_password: true, current_password: 'old', new_password: password, new_password_confirm: password });
    expect(passwordChangeProblems(change('12345'))).toEqual(['password_length']);
    expect(passwordChangeProblems(change('123456'))).toEqual([]);
    expect(passwordChangeProblems(change('x'.repeat(20)))).toEqual([]);
    expect(passwordChangeProblems(change('x'.repeat(21)))).toEqual(['password_length']);
  });

  it('report every problem at once, for the form to show them together', () => {
    expect(passwordChangeProblems({ change_password: true, current_password: '', new_password: 'secret1', new_password_confirm: 'other' })).toEqual([
      'current_password_required',
      'password_confirmation_mismatch',
    ]);
  });
});

describe('profile update body', () => {
  it('refuses fields that are not the profile own: role, customer, e-mail', () => {
    expect(profileUpdateSchema.safeParse({ first_name: 'A', internal_role: 'administrator' }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ customer: 'cus-2' }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ email: 'x@example.com' }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ first_name: 'A', preferences: { skin: 'smart-style-3' } }).success).toBe(true);
  });
});
