import { Button, Divider, Group, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  institutionProfileSchema,
  institutionTypeLabel,
  nigerianStates,
  normalizeState,
  profileSetupInstitutionTypes,
  type InstitutionProfileInput,
} from '@ilera/contracts';
import type { Institution } from '../api/types';
import { serverFieldErrors, zodFormErrors } from './form-validation';
import { ServicesInput } from './ServicesInput';
import { LicenceFields, licenceInput, registrationDraft, type LicenceDraft } from '../../../components/LicenceFields';

export interface InstitutionFormValues {
  name: string;
  type: string;
  description: string;
  services: string[];
  phone: string;
  email: string;
  website: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  /** Issue 18: the Nigerian registration; an empty number removes it. */
  registration: LicenceDraft;
}

function initialValues(i: Institution | null | undefined): InstitutionFormValues {
  return {
    name: i?.name ?? '',
    type: i?.type ?? 'hospital',
    description: i?.description ?? '',
    services: i?.services ?? [],
    phone: i?.phone ?? '',
    email: i?.email ?? '',
    website: i?.website ?? '',
    address: i?.address ?? '',
    city: i?.city ?? '',
    state: i?.state ?? '',
    zipCode: i?.zipCode ?? '',
    registration: registrationDraft(i?.registrations),
  };
}

/** The form's values as the API takes them: the Nigerian registration when its number is given, else none. */
const withRegistrations = ({ registration, ...values }: InstitutionFormValues) => ({
  ...values,
  registrations: registration.licenseNumber.trim() ? [licenceInput(registration)] : [],
});

const stateOptions = nigerianStates.map((s) => ({ value: normalizeState(s), label: s }));

export interface InstitutionFormProps {
  profile: Institution | null | undefined;
  submitting: boolean;
  onSubmit: (values: InstitutionProfileInput) => Promise<void>;
  onCancel: () => void;
}

/** The institution tab of /profile-setup (spec §2 Profile setup). */
export function InstitutionForm({ profile, submitting, onSubmit, onCancel }: InstitutionFormProps) {
  const form = useForm<InstitutionFormValues>({
    initialValues: initialValues(profile),
    validate: (values) => zodFormErrors(institutionProfileSchema, withRegistrations(values)),
  });

  // The six profile-setup types; a type registered elsewhere (D7) stays selectable.
  const typeOptions = profileSetupInstitutionTypes.map((o) => ({ value: o.value as string, label: o.label }));
  if (!typeOptions.some((o) => o.value === form.values.type)) {
    typeOptions.push({ value: form.values.type, label: institutionTypeLabel(form.values.type) });
  }
  const states = [{ value: '', label: 'Select state' }, ...stateOptions];
  if (form.values.state && !states.some((o) => o.value === form.values.state)) {
    states.push({ value: form.values.state, label: form.values.state });
  }

  const submit = form.onSubmit(async (values) => {
    const parsed = institutionProfileSchema.safeParse(withRegistrations(values));
    if (!parsed.success) return;
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) form.setErrors(fields);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Institution profile">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Institution Name" required {...form.getInputProps('name')} />
          <NativeSelect label="Institution Type" required data={typeOptions} {...form.getInputProps('type')} />
        </SimpleGrid>
        <Textarea label="Description" autosize minRows={3} {...form.getInputProps('description')} />
        <ServicesInput
          value={form.values.services}
          onChange={(services) => form.setFieldValue('services', services)}
          error={form.errors.services as string | undefined}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Phone" type="tel" placeholder="01 234 5678" {...form.getInputProps('phone')} />
          <TextInput label="Email" type="email" {...form.getInputProps('email')} />
          <TextInput label="Website" type="url" placeholder="https://" {...form.getInputProps('website')} />
          <TextInput label="Address" {...form.getInputProps('address')} />
          <TextInput label="City" {...form.getInputProps('city')} />
          <NativeSelect label="State" data={states} {...form.getInputProps('state')} />
          <TextInput label="Zip Code" {...form.getInputProps('zipCode')} />
        </SimpleGrid>
        <Divider label="Registration" labelPosition="left" />
        <LicenceFields
          kind="institution"
          providerType={form.values.type}
          value={form.values.registration}
          onChange={(next) => form.setFieldValue('registration', next)}
          error={(field) => form.errors[`registrations.0.${field}`] as string | undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            {profile ? 'Update Profile' : 'Create Profile'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
