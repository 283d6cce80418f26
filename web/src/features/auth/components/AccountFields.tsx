import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useLingui } from '@lingui/react/macro';
import { EmailField, PasswordField } from '../../../lib/forms';

/** The fields every registration form starts with (spec §3: the patient payload). */
// A type, not an interface: form values must be indexable (Record<string, unknown>) for the zod resolver.
export type AccountFieldValues = {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  password: string;
  confirmPassword: string;
};

export const emptyAccountFields: AccountFieldValues = {
  email: '',
  firstName: '',
  lastName: '',
  phone: '',
  password: '',
  confirmPassword: '',
};

export function AccountFields<V extends AccountFieldValues>({
  form,
  namesLabel,
}: {
  form: UseFormReturnType<V>;
  /** Institution forms ask for the contact person's name. */
  namesLabel?: 'contact';
}) {
  const { t } = useLingui();
  const contact = namesLabel === 'contact';
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={contact ? t`Contact First Name` : t`First Name`}
          autoComplete="given-name"
          required
          {...form.getInputProps('firstName')}
        />
        <TextInput
          label={contact ? t`Contact Last Name` : t`Last Name`}
          autoComplete="family-name"
          required
          {...form.getInputProps('lastName')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <EmailField form={form} label={t`Email`} />
        <TextInput
          label={t`Phone Number`}
          type="tel"
          autoComplete="tel"
          placeholder="0803 123 4567"
          required
          {...form.getInputProps('phone')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <PasswordField form={form} name="password" label={t`Password`} placeholder={t`At least 8 characters`} toggle={t`Show or hide password`} />
        <PasswordField form={form} name="confirmPassword" label={t`Confirm Password`} toggle={t`Show or hide password confirmation`} />
      </SimpleGrid>
    </>
  );
}
