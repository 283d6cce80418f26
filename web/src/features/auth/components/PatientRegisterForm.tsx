import { useForm } from '@mantine/form';
import { registerPatientSchema } from '@ilera/contracts';
import { useLingui } from '@lingui/react/macro';
import { AccountFields, emptyAccountFields, type AccountFieldValues } from './AccountFields';
import { useRegistrationSubmit } from './use-registration-submit';
import { RegisterFormFrame, useSaidValidation } from './RegisterFormFrame';

export function PatientRegisterForm() {
  const { t } = useLingui();
  const form = useForm<AccountFieldValues>({
    initialValues: emptyAccountFields,
    validate: useSaidValidation(registerPatientSchema),
  });
  const { onSubmit, isPending } = useRegistrationSubmit('patient', form, (v) => v);
  return (
    <RegisterFormFrame label={t`Patient registration`} onSubmit={onSubmit} isPending={isPending} submitText={t`Create Account`}>
      <AccountFields form={form} />
    </RegisterFormFrame>
  );
}
