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
) {
  const form = useZodForm<ChangePasswordFormInput>(changePasswordFormSchema, { currentPassword: '', newPassword: '', confirmPassword: '' });
  const submit = form.onSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => onChanged(form),
        onError: formFailure(form, 'Password Change Failed', 'Failed to change password. Please check your current password.', signInAt),
      },
    ),
  );
  return { form, submit };
}

/** Current, new and confirm; `named` gives each show/hide button its own name and the new one its rule. */
export function ChangePasswordFields({ form, named }: { form: UseFormReturnType<ChangePasswordFormInput>; named?: boolean }) {
  return (
    <>
      <PasswordField form={form} name="currentPassword" label="Current Password" autoComplete="current-password" toggle={named ? 'Show or hide current password' : undefined} />
      <PasswordField
        form={form}
        name="newPassword"
        label="New Password"
        description={named ? 'At least 8 characters' : undefined}
        toggle={named ? 'Show or hide new password' : undefined}
      />
      <PasswordField form={form} name="confirmPassword" label="Confirm New Password" toggle={named ? 'Show or hide password confirmation' : undefined} />
    </>
  );
}
