import { useMemo, type FormEvent, type ReactNode } from 'react';
import { Button, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { zodResolver } from 'mantine-form-zod-resolver';
import type { Schema } from 'zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { saidErrors } from '../../../i18n/said';
import { useRegisterSaid } from '../register-said';

/** One registration form of /register: its fields (`children`) and the full-width submit button. */
export function RegisterFormFrame({
  label,
  onSubmit,
  isPending,
  submitText,
  children,
}: {
  label: string;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  isPending: boolean;
  /** "Submit Application" unless said. */
  submitText?: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="sm">
        {children}
        <Button type="submit" fullWidth loading={isPending} mt="xs">
          {submitText ?? <Trans>Submit Application</Trans>}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * A registration form's check by its contracts schema (each field's first message, the spec's order), its messages in the
 * page's language (issue 50: register-said.ts; English as the schema says them).
 */
export function useSaidValidation(schema: Schema) {
  const said = useRegisterSaid();
  const check = useMemo(() => zodResolver(schema, { errorPriority: 'first' }), [schema]);
  return (values: Record<string, unknown>) => saidErrors(said, check(values));
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
  const { t } = useLingui();
  return <TextInput label={t`Profile Image URL (optional)`} type="url" placeholder="https://" {...form.getInputProps('profileImageUrl')} />;
}
