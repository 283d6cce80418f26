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
import { useNamesWhen } from '../../../i18n/names';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { useAdminSaid } from '../said';

const userTypeOptions = [
  { value: 'patient', label: msg`Patient` },
  { value: 'professional', label: msg`Healthcare Professional` },
  { value: 'institution', label: msg`Healthcare Institution` },
  { value: 'admin', label: msg`Administrator` },
];
/** The new account's type as the toast says it: English as the API names it ('patient'), another language in its words. */
const userTypeWord = { patient: msg`patient`, professional: msg`professional`, institution: msg`institution`, admin: msg`administrator` };

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
  const { t, i18n } = useLingui();
  const said = useAdminSaid();
  const names = useNamesWhen(true);
  const countryOptions = adminCountries.map((c) => ({ value: c, label: names(c) }));
  // A field's message (contracts' schema, or the API's) in the page's language.
  const input = (field: string) => {
    const p = form.getInputProps(field);
    return typeof p.error === 'string' ? { ...p, error: said(p.error) } : p;
  };
  const selectProps = (field: keyof FormValues) => {
    const p = input(field);
    // Mantine's Select answers null when cleared; the schema's empty choice is ''.
    return { ...p, value: (p.value as string) || null, onChange: (v: string | null) => form.setFieldValue(field, (v ?? '') as never) };
  };

  const submit = form.onSubmit((values) =>
    create.mutate(values as AdminCreateUserFormValues, {
      onSuccess: ({ user }) => {
        const first = user.firstName;
        const last = user.lastName;
        const email = user.email;
        const kind = i18n.locale === 'en' || !(user.userType in userTypeWord) ? user.userType : t(userTypeWord[user.userType as keyof typeof userTypeWord]);
        toast({ title: t`User Created`, description: t`${first} ${last} (${email}) was created as ${kind}.` });
        form.setValues({ ...initialValues, userType: values.userType, language: values.language });
        form.resetDirty();
      },
      onError: formFailure(form, t`Creation Failed`, t`Failed to create user. Please try again.`, '/admin/login', said),
    }),
  );

  return (
    <AdminFormPage size="md" gap="md" onSubmit={submit} submitLabel={t`Create User`} pending={create.isPending}>
      <PageHeading title={t`Add User`}>
        <Trans>
          Create a patient, professional, institution or administrator account. Professionals and institutions created here are approved at once
          and listed in the directory.
        </Trans>
      </PageHeading>

      <Select label={t`User Type`} data={userTypeOptions.map((o) => ({ value: o.value, label: t(o.label) }))} allowDeselect={false} required {...selectProps('userType')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t`First Name`} required {...input('firstName')} />
        <TextInput label={t`Last Name`} required {...input('lastName')} />
        <EmailField form={form} autoComplete="off" label={t`Email`} error={input('email').error} />
        <PasswordField form={form} name="password" label={t`Password`} toggle={t`Show or hide password`} error={input('password').error} />
      </SimpleGrid>
      <TextInput label={t`Profile Image URL (optional)`} placeholder="https://" {...input('profileImageUrl')} />
      <Select
        label={t`Language`}
        description={t`The welcome e-mail, texts and pages of this account are in this language.`}
        data={languageOptions}
        allowDeselect={false}
        {...selectProps('language')}
      />

      {type === 'professional' && (
        <Stack gap="sm">
          <Divider label={t`Professional details`} labelPosition="left" />
          {/* D17: the type first; it decides which specialties are offered. */}
          <Select
            label={t`Professional Type`}
            data={professionalTypes.map((v) => ({ value: v, label: names(professionalTypeLabels[v]) }))}
            allowDeselect={false}
            required
            {...selectProps('professionalType')}
            onChange={(v) => {
              form.setFieldValue('professionalType', (v ?? 'doctor') as FormValues['professionalType']);
              form.setFieldValue('specialty', '');
            }}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select label={t`Title`} data={[...titles]} required {...selectProps('title')} />
            <Select
              label={t`Specialty`}
              data={specialtiesByType[form.values.professionalType ?? 'doctor'].map((v) => ({ value: v, label: names(v) }))}
              searchable
              required
              {...selectProps('specialty')}
            />
            <TextInput label={t`Phone`} type="tel" placeholder="0803 123 4567" {...input('phone')} />
            <TextInput label={t`Years of Experience`} inputMode="numeric" {...input('yearsOfExperience')} />
            <TextInput label={t`Consultation Fee (₦)`} inputMode="numeric" placeholder="15000" {...input('consultationFee')} />
            <TextInput label={t`City`} {...input('city')} />
            <Select label={t`State`} data={[...nigerianStates]} searchable {...selectProps('state')} />
            <Select label={t`Primary Country`} data={countryOptions} searchable {...selectProps('country')} />
          </SimpleGrid>
          <MultiSelect
            label={t`Countries of Practice`}
            description={t`Give a licence number for each country chosen.`}
            data={countryOptions}
            searchable
            {...input('countriesOfPractice')}
          />
          {form.values.countriesOfPractice.map((country) => (
            <TextInput
              key={country}
              label={t`License Number (${country})`}
              required
              {...input(`licenseNumbers.${country}`)}
              value={form.values.licenseNumbers[country] ?? ''}
            />
          ))}
          <Textarea label={t`Bio`} autosize minRows={3} {...input('bio')} />
          <Textarea label={t`Education`} autosize minRows={2} {...input('education')} />
          <Textarea label={t`Certifications`} autosize minRows={2} {...input('certifications')} />
          <TextInput label={t`Languages`} placeholder="English, Yoruba" {...input('languages')} />
        </Stack>
      )}

      {type === 'institution' && (
        <Stack gap="sm">
          <Divider label={t`Institution details`} labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t`Institution Name`} required {...input('institutionName')} />
            <Select
              label={t`Institution Type`}
              data={adminInstitutionTypes.map((v) => ({ value: v.value, label: names(v.label) }))}
              required
              {...selectProps('institutionType')}
            />
            <TextInput label={t`Phone`} type="tel" placeholder="01 234 5678" {...input('phone')} />
            <TextInput label={t`City`} {...input('city')} />
            <Select label={t`State`} data={[...nigerianStates]} searchable {...selectProps('state')} />
            <TextInput label={t`Website`} placeholder="https://" {...input('website')} />
          </SimpleGrid>
          <TextInput label={t`Address`} {...input('address')} />
          <Textarea label={t`Description`} autosize minRows={3} {...input('description')} />
          <TextInput
            label={t`Services`}
            description={t`Separate services with commas.`}
            placeholder="Emergency Care, Surgery, Radiology"
            {...input('services')}
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
