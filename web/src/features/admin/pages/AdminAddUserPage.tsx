import { Divider, MultiSelect, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import {
  adminCountries,
  adminCreateUserSchema,
  adminInstitutionTypes,
  nigerianStates,
  professionalTypeLabels,
  professionalTypes,
  specialtiesByType,
  titles,
  type AdminCreateUserFormValues,
} from '@ilera/contracts';
import { LOCALES, localeNames } from '@ilera/contracts/locales';
import { PageHeading } from '../../../components/PageHeading';
import { toast } from '../../../lib/toast';
import { EmailField, PasswordField, useZodForm } from '../../../lib/forms';
import { formFailure } from '../../auth/api/server-errors';
import { useCreateUser } from '../api/create-user';
import { AdminFormPage } from '../components/AdminFrame';
import { AdminGuard } from '../components/AdminGuard';
import { DashboardMessages } from '../../../i18n/dashboard-messages';

const userTypeOptions = [
  { value: 'patient', label: 'Patient' },
  { value: 'professional', label: 'Healthcare Professional' },
  { value: 'institution', label: 'Healthcare Institution' },
  { value: 'admin', label: 'Administrator' },
];

/** Issue 50: the new account's language (its welcome e-mail, texts and pages), each by its own name. */
const languageOptions = LOCALES.map((l) => ({ value: l, label: localeNames[l] }));

type FormValues = Omit<AdminCreateUserFormValues, 'yearsOfExperience' | 'consultationFee' | 'licenseNumbers'> & {
  yearsOfExperience: string;
  consultationFee: string;
  licenseNumbers: Record<string, string>;
  countriesOfPractice: string[];
};

const initialValues: FormValues = {
  email: '',
  password: '',
  firstName: '',
  lastName: '',
  userType: 'patient',
  language: 'en',
  profileImageUrl: '',
  professionalType: 'doctor',
  title: '',
  specialty: '',
  phone: '',
  yearsOfExperience: '',
  consultationFee: '',
  city: '',
  state: '',
  country: 'Nigeria',
  countriesOfPractice: [],
  licenseNumbers: {},
  bio: '',
  education: '',
  certifications: '',
  languages: '',
  institutionName: '',
  institutionType: '',
  address: '',
  website: '',
  description: '',
  services: '',
};

function AddUserForm() {
  const create = useCreateUser();
  const form = useZodForm<FormValues>(adminCreateUserSchema, initialValues);
  const type = form.values.userType;
  const selectProps = (field: keyof FormValues) => {
    const p = form.getInputProps(field);
    // Mantine's Select answers null when cleared; the schema's empty choice is ''.
    return { ...p, value: (p.value as string) || null, onChange: (v: string | null) => form.setFieldValue(field, (v ?? '') as never) };
  };

  const submit = form.onSubmit((values) =>
    create.mutate(values as AdminCreateUserFormValues, {
      onSuccess: ({ user }) => {
        toast({
          title: 'User Created',
          description: `${user.firstName} ${user.lastName} (${user.email}) was created as ${user.userType}.`,
        });
        form.setValues({ ...initialValues, userType: values.userType, language: values.language });
        form.resetDirty();
      },
      onError: formFailure(form, 'Creation Failed', 'Failed to create user. Please try again.', '/admin/login'),
    }),
  );

  return (
    <AdminFormPage size="md" gap="md" onSubmit={submit} submitLabel="Create User" pending={create.isPending}>
      <PageHeading title="Add User">
        Create a patient, professional, institution or administrator account. Professionals and institutions created
        here are approved at once and listed in the directory.
      </PageHeading>

      <Select label="User Type" data={userTypeOptions} allowDeselect={false} required {...selectProps('userType')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="First Name" required {...form.getInputProps('firstName')} />
        <TextInput label="Last Name" required {...form.getInputProps('lastName')} />
        <EmailField form={form} autoComplete="off" />
        <PasswordField form={form} name="password" label="Password" />
      </SimpleGrid>
      <TextInput label="Profile Image URL (optional)" placeholder="https://" {...form.getInputProps('profileImageUrl')} />
      <Select
        label="Language"
        description="The welcome e-mail, texts and pages of this account are in this language."
        data={languageOptions}
        allowDeselect={false}
        {...selectProps('language')}
      />

      {type === 'professional' && (
        <Stack gap="sm">
          <Divider label="Professional details" labelPosition="left" />
          {/* D17: the type first; it decides which specialties are offered. */}
          <Select
            label="Professional Type"
            data={professionalTypes.map((t) => ({ value: t, label: professionalTypeLabels[t] }))}
            allowDeselect={false}
            required
            {...selectProps('professionalType')}
            onChange={(v) => {
              form.setFieldValue('professionalType', (v ?? 'doctor') as FormValues['professionalType']);
              form.setFieldValue('specialty', '');
            }}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select label="Title" data={[...titles]} required {...selectProps('title')} />
            <Select
              label="Specialty"
              data={[...specialtiesByType[form.values.professionalType ?? 'doctor']]}
              searchable
              required
              {...selectProps('specialty')}
            />
            <TextInput label="Phone" type="tel" placeholder="0803 123 4567" {...form.getInputProps('phone')} />
            <TextInput label="Years of Experience" inputMode="numeric" {...form.getInputProps('yearsOfExperience')} />
            <TextInput label="Consultation Fee (₦)" inputMode="numeric" placeholder="15000" {...form.getInputProps('consultationFee')} />
            <TextInput label="City" {...form.getInputProps('city')} />
            <Select label="State" data={[...nigerianStates]} searchable {...selectProps('state')} />
            <Select label="Primary Country" data={[...adminCountries]} searchable {...selectProps('country')} />
          </SimpleGrid>
          <MultiSelect
            label="Countries of Practice"
            description="Give a licence number for each country chosen."
            data={[...adminCountries]}
            searchable
            {...form.getInputProps('countriesOfPractice')}
          />
          {form.values.countriesOfPractice.map((country) => (
            <TextInput
              key={country}
              label={`License Number (${country})`}
              required
              {...form.getInputProps(`licenseNumbers.${country}`)}
              value={form.values.licenseNumbers[country] ?? ''}
            />
          ))}
          <Textarea label="Bio" autosize minRows={3} {...form.getInputProps('bio')} />
          <Textarea label="Education" autosize minRows={2} {...form.getInputProps('education')} />
          <Textarea label="Certifications" autosize minRows={2} {...form.getInputProps('certifications')} />
          <TextInput label="Languages" placeholder="English, Yoruba" {...form.getInputProps('languages')} />
        </Stack>
      )}

      {type === 'institution' && (
        <Stack gap="sm">
          <Divider label="Institution details" labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Institution Name" required {...form.getInputProps('institutionName')} />
            <Select
              label="Institution Type"
              data={adminInstitutionTypes.map((t) => ({ value: t.value, label: t.label }))}
              required
              {...selectProps('institutionType')}
            />
            <TextInput label="Phone" type="tel" placeholder="01 234 5678" {...form.getInputProps('phone')} />
            <TextInput label="City" {...form.getInputProps('city')} />
            <Select label="State" data={[...nigerianStates]} searchable {...selectProps('state')} />
            <TextInput label="Website" placeholder="https://" {...form.getInputProps('website')} />
          </SimpleGrid>
          <TextInput label="Address" {...form.getInputProps('address')} />
          <Textarea label="Description" autosize minRows={3} {...form.getInputProps('description')} />
          <TextInput
            label="Services"
            description="Separate services with commas."
            placeholder="Emergency Care, Surgery, Radiology"
            {...form.getInputProps('services')}
          />
        </Stack>
      )}
    </AdminFormPage>
  );
}

/** /admin/add-user (spec accounts §2, §5). */
/** Under the signed-in pages' catalog (issue 50): AdminFrame's words are in dashboard.po. */
export default function AdminAddUserPage() {
  return (
    <DashboardMessages>
      <AdminAddUserPageBody />
    </DashboardMessages>
  );
}

function AdminAddUserPageBody() {
  return <AdminGuard>{() => <AddUserForm />}</AdminGuard>;
}
