import { MultiSelect, NativeSelect, NumberInput, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import {
  consultationLanguages,
  professionalProfileSchema,
  professionalTypeLabels,
  professionalTypes,
  specialtiesByType,
  titles,
  type ProfessionalProfileInput,
  type ProfessionalType,
} from '@ilera/contracts';
import type { Professional } from '../api/types';
import { professionalBasics } from '../professional-basics';
import { ContactGrid, fromProfile, ProfileFormFrame, PublicEmailInput, useProfileForm, withCurrent, type ProfileFormProps } from './ProfileFormFrame';
import { LocationFields, locationDefaults, locationInput, type LocationValues } from './LocationFields';
import { useLingui } from '@lingui/react/macro';

/** The saved fields the form edits, with their values for a new profile. */
const defaults = {
  ...professionalBasics,
  phone: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  consultationFee: '' as number | string,
  // Issue 50: the languages they consult in, from contracts' list (the server writes the profile's text from them).
  languageCodes: [] as string[],
  certifications: '',
  contactEmail: '',
};

/** Issue 48 (D23): their own practice location; a place taken from a confirmed institution is not theirs to send back. */
const ownLocation = (p: Professional | null | undefined): LocationValues =>
  p?.locationSource === 'affiliation' ? { ...locationDefaults, lga: p.lga ?? '' } : fromProfile(locationDefaults, p);
const withLocation = ({ lga, latitude, longitude, locationSource, ...values }: typeof defaults & LocationValues) => ({
  ...values,
  ...locationInput({ lga, latitude, longitude, locationSource }),
});

/** The professional tab of /profile-setup (spec §2 Profile setup). */
export function ProfessionalForm({ profile, submitting, onSubmit, onCancel }: ProfileFormProps<Professional, ProfessionalProfileInput>) {
  const { form, submit } = useProfileForm(professionalProfileSchema, { ...fromProfile(defaults, profile), ...ownLocation(profile) }, withLocation, onSubmit);
  const type = form.values.professionalType;
  const { t } = useLingui();

  return (
    <ProfileFormFrame label={t`Professional profile`} submit={submit} editing={!!profile} submitting={submitting} onCancel={onCancel}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NativeSelect
          label={t`Professional Type`}
          required
          data={professionalTypes.map((value) => ({ value, label: professionalTypeLabels[value] }))}
          {...form.getInputProps('professionalType')}
          onChange={(e) => {
            // The specialty list depends on the type: a new type clears the specialty.
            form.setFieldValue('professionalType', e.currentTarget.value as ProfessionalType);
            form.setFieldValue('specialty', '');
          }}
        />
        <NativeSelect
          label={t`Title`}
          required
          data={withCurrent(titles.map((value) => ({ value, label: value })), form.values.title)}
          {...form.getInputProps('title')}
        />
        <NativeSelect
          label={t`Specialty`}
          required
          data={[
            { value: '', label: t`Select specialty` },
            ...withCurrent(specialtiesByType[type].map((s) => ({ value: s, label: s })), form.values.specialty),
          ]}
          {...form.getInputProps('specialty')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {/* One licence number (issue 48): with licences, the licence of record, changed with the countries
            of practice on the profile page; only a professional with none types their number here. */}
        {profile && profile.countryLicenses.length > 0 ? (
          <TextInput
            label={t`License Number`}
            readOnly
            value={profile.licenseNumber ?? ''}
            description={t`Your licence of record: change it with your countries of practice on your profile`}
          />
        ) : (
          <TextInput label={t`License Number`} placeholder={t`e.g. MDCN/12345`} {...form.getInputProps('licenseNumber')} />
        )}
        <NumberInput label={t`Years of Experience`} min={0} max={80} allowDecimal={false} {...form.getInputProps('yearsOfExperience')} />
      </SimpleGrid>
      <Textarea
        label={t`Education & Training`}
        description={t`One entry per line`}
        autosize
        minRows={3}
        placeholder={'MBBS, University of Lagos (2008)\nFWACP Cardiology (2015)'}
        {...form.getInputProps('education')}
      />
      <Textarea label={t`Bio`} autosize minRows={3} placeholder={t`Tell patients about your practice`} {...form.getInputProps('bio')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label={t`Consultation Fee (₦)`}
          placeholder="15000"
          min={0}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=","
          {...form.getInputProps('consultationFee')}
        />
        <MultiSelect
          label={t`Languages`}
          description={t`The languages you consult in`}
          placeholder={t`English, Hausa...`}
          data={consultationLanguages.map(([value, label]) => ({ value, label }))}
          searchable
          {...form.getInputProps('languageCodes')}
        />
      </SimpleGrid>
      <Textarea
        label={t`Certifications`}
        description={t`One entry per line`}
        autosize
        minRows={2}
        placeholder="Advanced Cardiac Life Support (2022)"
        {...form.getInputProps('certifications')}
      />
      <ContactGrid form={form} phonePlaceholder="0803 123 4567">
        <PublicEmailInput {...form.getInputProps('contactEmail')} />
      </ContactGrid>
      <LocationFields form={form} />
    </ProfileFormFrame>
  );
}
