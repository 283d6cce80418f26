import {
  Button,
  Divider,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
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
import { zodResolver } from 'mantine-form-zod-resolver';
import { AccountFields, emptyAccountFields, type AccountFieldValues } from './AccountFields';
import { AddressFields, emptyAddress, type AddressValues } from './AddressFields';
import { ReviewNotice } from './ReviewNotice';
import { emptyLicence, LicenceFields } from '../../../components/LicenceFields';
import { useRegistrationSubmit } from './use-registration-submit';

type ProfessionalValues = AccountFieldValues & AddressValues & {
  professionalType: ProfessionalType;
  title: string;
  specialty: string;
  licenseNumber: string;
  yearsOfExperience: number | string;
  education: string;
  bio: string;
  profileImageUrl: string;
  countries: string[];
  countryLicenses: { country: string; licenseNumber: string; council: string; expiresOn: string }[];
};

const typeOptions = professionalTypes.map((value) => ({ value, label: professionalTypeLabels[value] }));

export function ProfessionalRegisterForm() {
  const form = useForm<ProfessionalValues>({
    initialValues: {
      ...emptyAccountFields,
      professionalType: 'doctor',
      title: '',
      specialty: '',
      licenseNumber: '',
      yearsOfExperience: 0,
      education: '',
      bio: '',
      profileImageUrl: '',
      // Spec §5: Nigeria preselected.
      countries: ['Nigeria'],
      countryLicenses: [emptyLicence('Nigeria')],
      ...emptyAddress,
    },
    validate: zodResolver(registerProfessionalSchema, { errorPriority: 'first' }),
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
    <form onSubmit={onSubmit} noValidate aria-label="Healthcare professional registration">
      <Stack gap="sm">
        <ReviewNotice what="professional" />
        <AccountFields form={form} />

        <Divider label="Professional details" labelPosition="left" mt="xs" />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label="Professional Type"
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
            label="Title"
            placeholder="Choose"
            data={titles as unknown as string[]}
            required
            {...form.getInputProps('title')}
            onChange={(v) => form.setFieldValue('title', v ?? '')}
          />
          <Select
            label="Specialty"
            placeholder="Choose a specialty"
            data={specialties as string[]}
            searchable
            required
            {...form.getInputProps('specialty')}
            onChange={(v) => form.setFieldValue('specialty', v ?? '')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NumberInput
            label="Years of Experience"
            min={0}
            max={80}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('yearsOfExperience')}
          />
          <TextInput label="License Number (optional)" {...form.getInputProps('licenseNumber')} />
        </SimpleGrid>
        <Textarea
          label="Education"
          description="Degrees, institutions and years"
          autosize
          minRows={2}
          required
          {...form.getInputProps('education')}
        />
        <Textarea
          label="Bio"
          description="At least 20 characters"
          autosize
          minRows={3}
          required
          {...form.getInputProps('bio')}
        />
        <TextInput
          label="Profile Image URL (optional)"
          type="url"
          placeholder="https://"
          {...form.getInputProps('profileImageUrl')}
        />

        <Divider label="Countries of practice" labelPosition="left" mt="xs" />
        <MultiSelect
          label="Countries of Practice"
          description="A license number is required for each selected country"
          data={professionalCountries as unknown as string[]}
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

        <Divider label="Practice address" labelPosition="left" mt="xs" />
        <AddressFields form={form} />

        <Button type="submit" fullWidth loading={isPending} mt="xs">
          Submit Application
        </Button>
      </Stack>
    </form>
  );
}
