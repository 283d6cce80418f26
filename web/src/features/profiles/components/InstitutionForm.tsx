import { Divider, NativeSelect, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import {
  institutionProfileSchema,
  institutionTypeLabel,
  profileSetupInstitutionTypes,
  type InstitutionProfileInput,
} from '@ilera/contracts';
import type { Institution } from '../api/types';
import { LocationFields, locationDefaults, locationInput, type LocationValues } from './LocationFields';
import { ServicesInput } from './ServicesInput';
import {
  InstitutionRegistrationFields,
  licenceInput,
  registrationDraft,
  type LicenceDraft,
} from '../../../components/LicenceFields';
import { ContactGrid, fromProfile, ProfileFormFrame, PublicEmailInput, useProfileForm, type ProfileFormProps } from './ProfileFormFrame';
import { useLingui } from '@lingui/react/macro';

/** The saved fields the form edits, with their values for a new profile. */
const defaults = {
  name: '',
  type: 'hospital' as string,
  description: '',
  services: [] as string[],
  phone: '',
  email: '',
  website: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
};

/** Issue 18: the Nigerian registration; an empty number removes it. Issue 33: the location. */
type InstitutionFormValues = typeof defaults & LocationValues & { registration: LicenceDraft };

const initialValues = (i: Institution | null | undefined): InstitutionFormValues => ({
  ...fromProfile(defaults, i),
  ...fromProfile(locationDefaults, i),
  registration: registrationDraft(i?.registrations),
});

/** The form's values as the API takes them: the Nigerian registration when its number is given, else none. */
const withRegistrations = ({ registration, lga, latitude, longitude, locationSource, ...values }: InstitutionFormValues) => ({
  ...values,
  ...locationInput({ lga, latitude, longitude, locationSource }),
  registrations: registration.licenseNumber.trim() ? [licenceInput(registration)] : [],
});

/** The institution tab of /profile-setup (spec §2 Profile setup). */
export function InstitutionForm({ profile, submitting, onSubmit, onCancel }: ProfileFormProps<Institution, InstitutionProfileInput>) {
  const { form, submit } = useProfileForm(institutionProfileSchema, initialValues(profile), withRegistrations, onSubmit);

  // The six profile-setup types; a type registered elsewhere (D7) stays selectable.
  const { t } = useLingui();
  const typeOptions = profileSetupInstitutionTypes.map((o) => ({ value: o.value as string, label: o.label }));
  if (!typeOptions.some((o) => o.value === form.values.type)) {
    typeOptions.push({ value: form.values.type, label: institutionTypeLabel(form.values.type) });
  }

  return (
    <ProfileFormFrame label={t`Institution profile`} submit={submit} editing={!!profile} submitting={submitting} onCancel={onCancel}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t`Institution Name`} required {...form.getInputProps('name')} />
        <NativeSelect label={t`Institution Type`} required data={typeOptions} {...form.getInputProps('type')} />
      </SimpleGrid>
      <Textarea label={t`Description`} autosize minRows={3} {...form.getInputProps('description')} />
      <ServicesInput
        value={form.values.services}
        onChange={(services) => form.setFieldValue('services', services)}
        error={form.errors.services as string | undefined}
      />
      <ContactGrid form={form} phonePlaceholder="01 234 5678">
        <PublicEmailInput {...form.getInputProps('email')} />
        <TextInput label={t`Website`} type="url" placeholder="https://" {...form.getInputProps('website')} />
      </ContactGrid>
      <Divider label={t`Location`} labelPosition="left" />
      <LocationFields form={form} />
      <Divider label={t`Registration`} labelPosition="left" />
      <InstitutionRegistrationFields form={form} />
    </ProfileFormFrame>
  );
}
