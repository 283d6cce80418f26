import { useForm } from '@mantine/form';
import { registerPatientSchema } from '@ilera/contracts';
import { zodResolver } from 'mantine-form-zod-resolver';
import { AccountFields, emptyAccountFields, type AccountFieldValues } from './AccountFields';
import { useRegistrationSubmit } from './use-registration-submit';
import { RegisterFormFrame } from './RegisterFormFrame';

export function PatientRegisterForm() {
  const form = useForm<AccountFieldValues>({
    initialValues: emptyAccountFields,
    validate: zodResolver(registerPatientSchema, { errorPriority: 'first' }),
  });
  const { onSubmit, isPending } = useRegistrationSubmit('patient', form, (v) => v);
  return (
    <RegisterFormFrame label="Patient registration" onSubmit={onSubmit} isPending={isPending} submitText="Create Account">
      <AccountFields form={form} />
    </RegisterFormFrame>
  );
}
