import { Checkbox, Divider, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  registerInstitutionSchema,
  registrationInstitutionTypes,
  servicesByInstitutionType,
  type RegisterInstitutionInput,
  type RegistrationInstitutionType,
} from '@ilera/contracts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNames } from '../../../i18n/names';
import { AccountFields, emptyAccountFields, type AccountFieldValues } from './AccountFields';
import { AddressFields, emptyAddress, type AddressValues } from './AddressFields';
import { ReviewNotice } from './ReviewNotice';
import { emptyLicence, InstitutionRegistrationFields, licenceInput, type LicenceDraft } from '../../../components/LicenceFields';
import { useRegistrationSubmit } from './use-registration-submit';
import { ProfileImageUrlField, RegisterFormFrame, RequiredText, useSaidValidation } from './RegisterFormFrame';

type InstitutionValues = AccountFieldValues & AddressValues & {
  institutionName: string;
  type: RegistrationInstitutionType;
  services: string[];
  description: string;
  profileImageUrl: string;
  website: string;
  /** Issue 18 (optional): the Nigerian registration, sent only when its number is given. */
  registration: LicenceDraft;
};

export function InstitutionRegisterForm() {
  const { t } = useLingui();
  // Issue 50: the directory's names (types, services) in the page's language; the values stay English.
  const name = useNames();
  const form = useForm<InstitutionValues>({
    initialValues: {
      ...emptyAccountFields,
      institutionName: '',
      type: 'hospital',
      services: [],
      description: '',
      profileImageUrl: '',
      website: '',
      ...emptyAddress,
      registration: emptyLicence('Nigeria'),
    },
    validate: useSaidValidation(registerInstitutionSchema),
  });
  const { onSubmit, isPending } = useRegistrationSubmit('institution', form, ({ registration, ...v }) => ({
    ...(v as Omit<RegisterInstitutionInput, 'registrations'>),
    ...(registration.licenseNumber.trim() ? { registrations: [licenceInput(registration)] } : {}),
  }));
  const services = servicesByInstitutionType[form.values.type] ?? [];

  return (
    <RegisterFormFrame label={t`Healthcare institution registration`} onSubmit={onSubmit} isPending={isPending}>
      <ReviewNotice what="institution" />
      <Divider label={t`Institution`} labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label={t`Institution Name`} required {...form.getInputProps('institutionName')} />
        <Select
          label={t`Institution Type`}
          data={registrationInstitutionTypes.map((o) => ({ value: o.value, label: name(o.label) }))}
          allowDeselect={false}
          required
          {...form.getInputProps('type')}
          onChange={(v) => {
            form.setFieldValue('type', (v ?? 'hospital') as RegistrationInstitutionType);
            // The choices depend on the type: start again from none.
            form.setFieldValue('services', []);
          }}
        />
      </SimpleGrid>
      <Checkbox.Group
        label={t`Services`}
        description={t`Choose the services your institution offers`}
        required
        {...form.getInputProps('services')}
      >
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs" mt="xs">
          {services.map((s) => (
            <Checkbox key={s} value={s} label={name(s)} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <RequiredText form={form} name="description" label={t`Description`} description={t`At least 20 characters`} minRows={3} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label={t`Website (optional)`} type="url" placeholder="https://" {...form.getInputProps('website')} />
        <ProfileImageUrlField form={form} />
      </SimpleGrid>
      <AddressFields form={form} />

      <Divider label={t`Registration (optional)`} labelPosition="left" mt="xs" />
      <InstitutionRegistrationFields form={form} />

      <Divider label={t`Contact person and sign-in`} labelPosition="left" mt="xs" />
      <Text size="sm" c="dimmed">
        <Trans>The contact person signs in with this email and password to manage the institution.</Trans>
      </Text>
      <AccountFields form={form} namesLabel="contact" />
    </RegisterFormFrame>
  );
}
