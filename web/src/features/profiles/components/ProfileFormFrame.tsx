import type { ComponentProps, FormEvent, ReactNode } from 'react';
import { Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { nigerianStates, normalizeState } from '@ilera/contracts';
import type { ZodType, ZodTypeDef } from 'zod';
import { serverFieldErrors, zodFormErrors } from './form-validation';
import { Trans, useLingui } from '@lingui/react/macro';

/** The profile setup form's props, the same for both kinds (spec §2 Profile setup). */
export interface ProfileFormProps<P, I> {
  profile: P | null | undefined;
  submitting: boolean;
  onSubmit: (values: I) => Promise<void>;
  onCancel: () => void;
}

/**
 * A profile setup form checked by the kind's contracts schema on what the API takes (`toInput`):
 * the valid input goes to `onSubmit`; a 400 answer's `fields` are shown at their fields.
 */
export function useProfileForm<V extends Record<string, unknown>, I>(
  schema: ZodType<I, ZodTypeDef, unknown>,
  initialValues: V,
  toInput: (values: V) => unknown,
  onSubmit: (values: I) => Promise<void>,
) {
  const form = useForm<V>({ initialValues, validate: (values) => zodFormErrors(schema, toInput(values)) });
  const submit = form.onSubmit(async (values) => {
    const parsed = schema.safeParse(toInput(values));
    if (!parsed.success) return;
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) form.setErrors(fields);
    }
  });
  return { form, submit };
}

/** A form's first values: each field's saved value where the profile has one, else its default. */
export function fromProfile<D extends Record<string, unknown>>(defaults: D, profile: object | null | undefined): D {
  const saved = (profile ?? {}) as Partial<Record<keyof D, unknown>>;
  const values = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof D)[]) values[key] = (saved[key] ?? defaults[key]) as D[keyof D];
  return values;
}

/** Options with the current value kept selectable when it is not one of them. */
export const withCurrent = (options: { value: string; label: string }[], current: string) =>
  current && !options.some((o) => o.value === current) ? [...options, { value: current, label: current }] : options;

/** 'Federal Capital Territory' is stored as 'FCT', the search filter's spelling. */
const stateOptions = nigerianStates.map((s) => ({ value: normalizeState(s), label: s }));

type ContactValues = { phone: string; address: string; city: string; state: string; zipCode: string };

/** Phone, the kind's own contact fields (`children`), then the address: one grid for both kinds. */
/**
 * D18: the public contact e-mail, the same field for both kinds (a professional's contactEmail,
 * an institution's email): set by the provider and empty by default, never the sign-in e-mail.
 */
export function PublicEmailInput(props: ComponentProps<typeof TextInput>) {
  const { t } = useLingui();
  return (
    <TextInput
      label={t`Public Contact Email`}
      type="email"
      description={t`Shown on your public profile; leave empty to show none. Your sign-in e-mail is never shown.`}
      {...props}
    />
  );
}

export function ContactGrid<V extends ContactValues>({
  form,
  phonePlaceholder,
  children,
}: {
  form: UseFormReturnType<V>;
  phonePlaceholder: string;
  children: ReactNode;
}) {
  const f = form as unknown as UseFormReturnType<ContactValues>;
  const { t } = useLingui();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput label={t`Phone`} type="tel" placeholder={phonePlaceholder} {...f.getInputProps('phone')} />
      {children}
      <TextInput label={t`Address`} {...f.getInputProps('address')} />
      <TextInput label={t`City`} {...f.getInputProps('city')} />
      <NativeSelect
        label={t`State`}
        data={[{ value: '', label: t`Select state` }, ...withCurrent(stateOptions, f.values.state)]}
        {...f.getInputProps('state')}
      />
      <TextInput label={t`Zip Code`} {...f.getInputProps('zipCode')} />
    </SimpleGrid>
  );
}

/** The form element, its fields and the Cancel / Create or Update Profile buttons. */
export function ProfileFormFrame({
  label,
  submit,
  editing,
  submitting,
  onCancel,
  children,
}: {
  label: string;
  submit: (event?: FormEvent<HTMLFormElement>) => void;
  editing: boolean;
  submitting: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="md">
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={submitting}>
            {editing ? <Trans>Update Profile</Trans> : <Trans>Create Profile</Trans>}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
