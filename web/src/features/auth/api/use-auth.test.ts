import { describe, expect, it } from 'vitest';
import { userInitial } from './use-auth';

/** Spec accounts §2: the avatar shows the first letter of the first name, else of the e-mail, else "U". */
describe('avatar initial (userInitial)', () => {
  it('is the first letter of the first name', () => {
    expect(userInitial({ firstName: 'adaeze', email: 'zainab@example.ng' })).toBe('A');
  });
  it('falls back to the first letter of the e-mail when there is no first name', () => {
    expect(userInitial({ firstName: null, email: 'zainab@example.ng' })).toBe('Z');
    expect(userInitial({ firstName: '  ', email: 'zainab@example.ng' })).toBe('Z');
  });
  it('is "U" when there is neither', () => {
    expect(userInitial({ firstName: '', email: '' })).toBe('U');
    expect(userInitial(null)).toBe('U');
  });
});
