import { Divider, MultiSelect, NumberInput, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  professionalCountries,
  professionalTypeLabels,
  professionalTypes,
  registerProfessionalSchema,
  specialtiesByType,
  titles,
  type ProfessionalType,
  type RegisterProfessionalFormValues,
} from '@ilera/contracts';
import { useLingui } from '@lingui/react/macro';
import { useNames } from '../../../i18n/names';
import { AccountFields, emptyAccountFields, type AccountFieldValues } from './AccountFields';
import { AddressFields, emptyAddress, type AddressValues } from './AddressFields';
import { ReviewNotice } from './ReviewNotice';
import { emptyLicence, LicenceFields } from '../../../components/LicenceFields';
import { useRegistrationSubmit } from './use-registration-submit';
import { professionalBasics } from '../../profiles/professional-basics';
import { ProfileImageUrlField, RegisterFormFrame, RequiredText, useSaidValidation } from './RegisterFormFrame';

type ProfessionalValues = AccountFieldValues & AddressValues & typeof professionalBasics & {
  profileImageUrl: string;
  countries: string[];
  countryLicenses: { country: string; licenseNumber: string; council: string; expiresOn: string }[];
};

export function ProfessionalRegisterForm() {
  const { t } = useLingui();
  // Issue 50: the directory's names (types, specialties, countries) in the page's language; the values stay English.
  const name = useNames();
  const typeOptions = professionalTypes.map((value) => ({ value, label: name(professionalTypeLabels[value]) }));
  const form = useForm<ProfessionalValues>({
    initialValues: {
      ...emptyAccountFields,
      ...professionalBasics,
      title: '',
      profileImageUrl: '',
      // Spec §5: Nigeria preselected.
      countries: ['Nigeria'],
      countryLicenses: [emptyLicence('Nigeria')],
      ...emptyAddress,
    },
    validate: useSaidValidation(registerProfessionalSchema),
  });
  const { onSubmit, isPending } = useRegistrationSubmit(
    'professional',
    form,
    (v) =>
      ({
        ...v,
        yearsOfExperience: v.yearsOfExperience === '' ? 0 : Number(v.yearsOfExperience),
      }) as RegisterProfessionalFormValues,
  );

  // One licence number per selected country, kept in the order the countries were chosen.
  const setCountries = (countries: string[]) => {
    const current = form.values.countryLicenses;
    form.setFieldValue('countries', countries);
    form.setFieldValue(
      'countryLicenses',
      countries.map((country) => current.find((l) => l.country === country) ?? emptyLicence(country)),
    );
  };

  const specialties = specialtiesByType[form.values.professionalType] ?? [];

  return (
    <RegisterFormFrame label={t`Healthcare professional registration`} onSubmit={onSubmit} isPending={isPending}>
      <ReviewNotice what="professional" />
      <AccountFields form={form} />

      <Divider label={t`Professional details`} labelPosition="left" mt="xs" />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Select
          label={t`Professional Type`}
          data={typeOptions}
          allowDeselect={false}
          required
          {...form.getInputProps('professionalType')}
          onChange={(v) => {
            form.setFieldValue('professionalType', (v ?? 'doctor') as ProfessionalType);
            form.setFieldValue('specialty', '');
          }}
        />
        <Select
          label={t`Title`}
          placeholder={t`Choose`}
          data={titles as unknown as string[]}
          required
          {...form.getInputProps('title')}
          onChange={(v) => form.setFieldValue('title', v ?? '')}
        />
        <Select
          label={t`Specialty`}
          placeholder={t`Choose a specialty`}
          data={specialties.map((s) => ({ value: s, label: name(s) }))}
          searchable
          required
          {...form.getInputProps('specialty')}
          onChange={(v) => form.setFieldValue('specialty', v ?? '')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NumberInput
          label={t`Years of Experience`}
          min={0}
          max={80}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('yearsOfExperience')}
        />
        <TextInput label={t`License Number (optional)`} {...form.getInputProps('licenseNumber')} />
      </SimpleGrid>
      <RequiredText form={form} name="education" label={t`Education`} description={t`Degrees, institutions and years`} minRows={2} />
      <RequiredText form={form} name="bio" label={t`Bio`} description={t`At least 20 characters`} minRows={3} />
      <ProfileImageUrlField form={form} />

      <Divider label={t`Countries of practice`} labelPosition="left" mt="xs" />
      <MultiSelect
        label={t`Countries of Practice`}
        description={t`A license number is required for each selected country`}
        data={professionalCountries.map((c) => ({ value: c, label: name(c) }))}
        searchable
        required
        value={form.values.countries}
        onChange={setCountries}
        error={form.errors.countries}
      />
      {form.values.countryLicenses.map((l, i) => (
        <LicenceFields
          key={l.country}
          kind="professional"
          providerType={form.values.professionalType}
          value={l}
          onChange={(next) => form.setFieldValue(`countryLicenses.${i}`, next)}
          error={(field) => form.errors[`countryLicenses.${i}.${field}`] as string | undefined}
          required
        />
      ))}
      {typeof form.errors.countryLicenses === 'string' && (
        <Text c="red" size="sm" role="alert">
          {form.errors.countryLicenses}
        </Text>
      )}

      <Divider label={t`Practice address`} labelPosition="left" mt="xs" />
      <AddressFields form={form} />
    </RegisterFormFrame>
  );
}
