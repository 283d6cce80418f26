import type { ReactNode } from 'react';
import type { TextInputProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { EmailField, PasswordField } from '../../../lib/forms';

/**
 * Sign-in's e-mail and password (the user's and the admin's sign-in pages): the labels in the page's language and each
 * field's message said in it (issue 50: `said`, the form's map of the schema's English).
 */
export function SignInFields({
  form,
  words,
  said,
  email,
}: {
  // Any form with `email` and `password` fields.
  form: UseFormReturnType<any>;
  words: { email: string; password: string; toggle: string };
  said: (message: ReactNode) => ReactNode;
  email?: Omit<TextInputProps, 'form'>;
}) {
  return (
    <>
      <EmailField form={form} label={words.email} error={said(form.errors.email)} {...email} />
      <PasswordField form={form} name="password" label={words.password} autoComplete="current-password" toggle={words.toggle} error={said(form.errors.password)} />
    </>
  );
}
