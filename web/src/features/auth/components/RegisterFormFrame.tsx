import type { FormEvent, ReactNode } from 'react';
import { Button, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

/** One registration form of /register: its fields (`children`) and the full-width submit button. */
export function RegisterFormFrame({
  label,
  onSubmit,
  isPending,
  submitText = 'Submit Application',
  children,
}: {
  label: string;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  isPending: boolean;
  submitText?: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="sm">
        {children}
        <Button type="submit" fullWidth loading={isPending} mt="xs">
          {submitText}
        </Button>
      </Stack>
    </form>
  );
}

// Forms of any values: the field name is checked by Mantine at run time, as with getInputProps itself.
type AnyForm = UseFormReturnType<any>;

/** A required free-text field of a registration (the description, bio or education). */
export function RequiredText(props: { form: AnyForm; name: string; label: string; description: string; minRows: number }) {
  const { form, name, ...rest } = props;
  return <Textarea autosize required {...rest} {...form.getInputProps(name)} />;
}

/** The optional Profile Image URL of a professional's or an institution's registration. */
export function ProfileImageUrlField({ form }: { form: AnyForm }) {
  return (
    <TextInput label="Profile Image URL (optional)" type="url" placeholder="https://" {...form.getInputProps('profileImageUrl')} />
  );
}
