import { Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { registerPatientSchema } from '@ilera/contracts';
import { zodResolver } from 'mantine-form-zod-resolver';
import { AccountFields, emptyAccountFields, type AccountFieldValues } from './AccountFields';
import { useRegistrationSubmit } from './use-registration-submit';

export function PatientRegisterForm() {
  const form = useForm<AccountFieldValues>({
    initialValues: emptyAccountFields,
    validate: zodResolver(registerPatientSchema, { errorPriority: 'first' }),
  });
  const { onSubmit, isPending } = useRegistrationSubmit('patient', form, (v) => v);
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Patient registration">
      <Stack gap="sm">
        <AccountFields form={form} />
        <Button type="submit" fullWidth loading={isPending} mt="xs">
          Create Account
        </Button>
      </Stack>
    </form>
  );
}
