import { Button, Group, NativeSelect, NumberInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  nigerianStates,
  normalizeState,
  professionalProfileSchema,
  professionalTypeLabels,
  professionalTypes,
  specialtiesByType,
  titles,
  type ProfessionalProfileInput,
  type ProfessionalType,
} from '@ilera/contracts';
import type { Professional } from '../api/types';
import { serverFieldErrors, zodFormErrors } from './form-validation';

export interface ProfessionalFormValues {
  professionalType: ProfessionalType;
  title: string;
  specialty: string;
  licenseNumber: string;
  yearsOfExperience: number | string;
  education: string;
  bio: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  consultationFee: number | string;
  languages: string;
  certifications: string;
  contactEmail: string;
}

function initialValues(p: Professional | null | undefined): ProfessionalFormValues {
  return {
    professionalType: p?.professionalType ?? 'doctor',
    title: p?.title ?? 'Dr.',
    specialty: p?.specialty ?? '',
    licenseNumber: p?.licenseNumber ?? '',
    yearsOfExperience: p?.yearsOfExperience ?? 0,
    education: p?.education ?? '',
    bio: p?.bio ?? '',
    phone: p?.phone ?? '',
    address: p?.address ?? '',
    city: p?.city ?? '',
    state: p?.state ?? '',
    zipCode: p?.zipCode ?? '',
    consultationFee: p?.consultationFee ?? '',
    languages: p?.languages ?? '',
    certifications: p?.certifications ?? '',
    contactEmail: p?.contactEmail ?? '',
  };
}

/** 'Federal Capital Territory' is stored as 'FCT', the search filter's spelling. */
const stateOptions = nigerianStates.map((s) => ({ value: normalizeState(s), label: s }));

const withCurrent = (options: { value: string; label: string }[], current: string) =>
  current && !options.some((o) => o.value === current) ? [...options, { value: current, label: current }] : options;

export interface ProfessionalFormProps {
  profile: Professional | null | undefined;
  submitting: boolean;
  onSubmit: (values: ProfessionalProfileInput) => Promise<void>;
  onCancel: () => void;
}

/** The professional tab of /profile-setup (spec §2 Profile setup). */
export function ProfessionalForm({ profile, submitting, onSubmit, onCancel }: ProfessionalFormProps) {
  const form = useForm<ProfessionalFormValues>({
    initialValues: initialValues(profile),
    validate: (values) => zodFormErrors(professionalProfileSchema, values),
  });
  const type = form.values.professionalType;

  const submit = form.onSubmit(async (values) => {
    const parsed = professionalProfileSchema.safeParse(values);
    if (!parsed.success) return;
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) form.setErrors(fields);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Professional profile">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NativeSelect
            label="Professional Type"
            required
            data={professionalTypes.map((t) => ({ value: t, label: professionalTypeLabels[t] }))}
            {...form.getInputProps('professionalType')}
            onChange={(e) => {
              // The specialty list depends on the type: a new type clears the specialty.
              form.setFieldValue('professionalType', e.currentTarget.value as ProfessionalType);
              form.setFieldValue('specialty', '');
            }}
          />
          <NativeSelect
            label="Title"
            required
            data={withCurrent(titles.map((t) => ({ value: t, label: t })), form.values.title)}
            {...form.getInputProps('title')}
          />
          <NativeSelect
            label="Specialty"
            required
            data={[
              { value: '', label: 'Select specialty' },
              ...withCurrent(specialtiesByType[type].map((s) => ({ value: s, label: s })), form.values.specialty),
            ]}
            {...form.getInputProps('specialty')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="License Number" placeholder="e.g. MDCN/12345" {...form.getInputProps('licenseNumber')} />
          <NumberInput label="Years of Experience" min={0} max={80} allowDecimal={false} {...form.getInputProps('yearsOfExperience')} />
        </SimpleGrid>
        <Textarea
          label="Education & Training"
          description="One entry per line"
          autosize
          minRows={3}
          placeholder={'MBBS, University of Lagos (2008)\nFWACP Cardiology (2015)'}
          {...form.getInputProps('education')}
        />
        <Textarea label="Bio" autosize minRows={3} placeholder="Tell patients about your practice" {...form.getInputProps('bio')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label="Consultation Fee (₦)"
            placeholder="15000"
            min={0}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            {...form.getInputProps('consultationFee')}
          />
          <TextInput label="Languages" placeholder="English, Yoruba" {...form.getInputProps('languages')} />
        </SimpleGrid>
        <Textarea
          label="Certifications"
          description="One entry per line"
          autosize
          minRows={2}
          placeholder="Advanced Cardiac Life Support (2022)"
          {...form.getInputProps('certifications')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Phone" type="tel" placeholder="0803 123 4567" {...form.getInputProps('phone')} />
          <TextInput
            label="Public Contact Email"
            type="email"
            description="Shown on your public profile; leave empty to show none. Your sign-in e-mail is never shown."
            {...form.getInputProps('contactEmail')}
          />
          <TextInput label="Address" {...form.getInputProps('address')} />
          <TextInput label="City" {...form.getInputProps('city')} />
          <NativeSelect
            label="State"
            data={[{ value: '', label: 'Select state' }, ...withCurrent(stateOptions, form.values.state)]}
            {...form.getInputProps('state')}
          />
          <TextInput label="Zip Code" {...form.getInputProps('zipCode')} />
        </SimpleGrid>
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
