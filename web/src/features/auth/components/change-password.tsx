import type { UseMutationResult } from '@tanstack/react-query';
import { changePasswordFormSchema, type ChangePasswordFormInput, type ChangePasswordInput } from '@ilera/contracts';
import { PasswordField, useZodForm } from '../../../lib/forms';
import { formFailure } from '../api/server-errors';
import type { UseFormReturnType } from '@mantine/form';

/**
 * The change-password form of /change-password and /admin/change-password: the same fields,
 * rules and failures; what happens after (and where sign-in is) differs.
 */
export function useChangePasswordForm(
  change: UseMutationResult<unknown, Error, ChangePasswordInput>,
  onChanged: (form: UseFormReturnType<ChangePasswordFormInput>) => void,
  signInAt?: string,
  failure: { title: string; fallback: string; said?: (message: string) => string } = {
    title: 'Password Change Failed',
    fallback: 'Failed to change password. Please check your current password.',
  },
) {
  const form = useZodForm<ChangePasswordFormInput>(changePasswordFormSchema, { currentPassword: '', newPassword: '', confirmPassword: '' });
  const submit = form.onSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => onChanged(form),
        onError: formFailure(form, failure.title, failure.fallback, signInAt, failure.said),
      },
    ),
  );
  return { form, submit };
}

/** The fields' words in another language than English (issue 50): labels, the show/hide button's name, and a field's message. */
export interface ChangePasswordWords {
  current: string;
  next: string;
  confirm: string;
  toggle: string;
  said: (message: string) => string;
  /** With `named`: each show/hide button's own name and the new password's rule. */
  named?: { current: string; next: string; confirm: string; rule: string };
}

/** Current, new and confirm; `named` gives each show/hide button its own name and the new one its rule. */
export function ChangePasswordFields({ form, named, words }: { form: UseFormReturnType<ChangePasswordFormInput>; named?: boolean; words?: ChangePasswordWords }) {
  const fields = [
    { name: 'currentPassword', label: words?.current ?? 'Current Password', toggle: words?.named?.current ?? 'Show or hide current password', autoComplete: 'current-password' },
    { name: 'newPassword', label: words?.next ?? 'New Password', toggle: words?.named?.next ?? 'Show or hide new password', description: words?.named?.rule ?? 'At least 8 characters' },
    { name: 'confirmPassword', label: words?.confirm ?? 'Confirm New Password', toggle: words?.named?.confirm ?? 'Show or hide password confirmation' },
  ] as const;
  return fields.map((f) => {
    const e = form.errors[f.name];
    return (
      <PasswordField
        key={f.name}
        form={form}
        name={f.name}
        label={f.label}
        {...('autoComplete' in f ? { autoComplete: f.autoComplete } : {})}
        description={named && 'description' in f ? f.description : undefined}
        toggle={named ? f.toggle : words?.toggle}
        {...(words && typeof e === 'string' ? { error: words.said(e) } : {})}
      />
    );
  });
}
