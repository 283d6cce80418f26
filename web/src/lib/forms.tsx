import { PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { zodResolver } from 'mantine-form-zod-resolver';
import type { Schema } from 'zod';

/** A Mantine form checked by a contracts schema, showing each field's first message (the spec's order). */
export function useZodForm<V extends Record<string, unknown>>(schema: Schema, initialValues: V): UseFormReturnType<V> {
  return useForm<V>({ initialValues, validate: zodResolver(schema, { errorPriority: 'first' }) });
}

// Forms of any values: the field name is checked by Mantine at run time, as with getInputProps itself.
type AnyForm = UseFormReturnType<any>;

/**
 * A required password input bound to a form field. `toggle` names the show/hide button for screen
 * readers. Props given here win over the form's (a page may show its own error).
 */
export function PasswordField({
  form,
  name,
  toggle = 'Show or hide password',
  ...props
}: { form: AnyForm; name: string; toggle?: string } & Omit<PasswordInputProps, 'form'>) {
  return (
    <PasswordInput
      autoComplete="new-password"
      required
      visibilityToggleButtonProps={{ 'aria-label': toggle }}
      {...form.getInputProps(name)}
      {...props}
    />
  );
}

/** A required e-mail input bound to the form's `email` field. */
export function EmailField({ form, ...props }: { form: AnyForm } & Omit<TextInputProps, 'form'>) {
  return <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} {...props} />;
}
