// Issue 50: what contracts' account schemas and the API say to the sign-in and password pages (English, the API's words),
// in the page's language (src/i18n/said.ts): the messages under a field and in a toast these pages may show.
import { msg } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { EMAIL_MESSAGE } from '@ilera/contracts';
import { useSaid } from '../../i18n/said';

const known = new Map<string, MessageDescriptor>([
  [EMAIL_MESSAGE, msg`Please enter a valid email address`],
  ['Email is required', msg`Email is required`],
  ['Password is required', msg`Password is required`],
  ['Password must be at least 8 characters long', msg`Password must be at least 8 characters long`],
  ['Password must be at most 256 characters', msg`Password must be at most 256 characters`],
  ['Passwords do not match', msg`Passwords do not match`],
  ['Current password is required', msg`Current password is required`],
  ['Current password is incorrect', msg`Current password is incorrect`],
  ['New password must be different from the current password', msg`New password must be different from the current password`],
  ['Invalid email or password', msg`Invalid email or password`],
  ['This password reset link is invalid or has expired.', msg`This password reset link is invalid or has expired.`],
  ['Your password has been reset. You can now sign in with your new password.', msg`Your password has been reset. You can now sign in with your new password.`],
]);

/** A message these pages know, in the page's language; English, and any other, as said. */
export const useAuthSaidText = (): ((message: string) => string) => useSaid(known);

/** The same for what a form shows under a field (a ReactNode): nothing stays nothing. */
export function useAuthSaid(): (message: ReactNode) => ReactNode {
  const said = useAuthSaidText();
  return (message) => (typeof message === 'string' && message ? said(message) : message);
}
