import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  councilNames,
  facilityBodyNames,
  nigerianCouncils,
  nigerianFacilityBodies,
  nigerianIssuer,
  type Country,
  type ProfessionalType,
  type ProviderKind,
} from '@ilera/contracts';
import { useLingui } from '@lingui/react/macro';

/** One licence (a professional's) or registration (an institution's) as a form holds it. */
export interface LicenceDraft {
  country: string;
  licenseNumber: string;
  council: string;
  expiresOn: string;
}

export const emptyLicence = (country: string): LicenceDraft => ({ country, licenseNumber: '', council: '', expiresOn: '' });

/** A draft as the API takes it: blanks are null. */
export const licenceInput = (d: LicenceDraft) => ({
  country: d.country as Country,
  licenseNumber: d.licenseNumber.trim(),
  council: d.council.trim() || null,
  expiresOn: d.expiresOn || null,
});

/** The draft of an institution's Nigerian registration, from the one on record (the web edits the Nigerian one). */
export const registrationDraft = (registrations: readonly { country: string; licenseNumber: string; council?: string | null; expiresOn?: string | null }[] | undefined): LicenceDraft => {
  const r = registrations?.find((x) => x.country === 'Nigeria');
  return r ? { country: 'Nigeria', licenseNumber: r.licenseNumber, council: r.council ?? '', expiresOn: r.expiresOn ?? '' } : emptyLicence('Nigeria');
};

const bodyOptions = nigerianFacilityBodies.map((b) => ({ value: b, label: facilityBodyNames[b] }));

export interface LicenceFieldsProps {
  kind: ProviderKind;
  /** The professional type or institution type: it decides a Nigerian licence's council or usual body. */
  providerType: string;
  value: LicenceDraft;
  onChange: (next: LicenceDraft) => void;
  /** Error of a field ('licenseNumber', 'council', 'expiresOn'), e.g. from the server's `fields`. */
  error?: (field: keyof LicenceDraft) => string | undefined;
  required?: boolean;
}

/**
 * Issue 50: its words are in two catalogs, the registration pages' (register.po) and the signed-in pages' (dashboard.po):
 * every place that draws it is under one of their wrappers (WithRegisterMessages, DashboardMessages). A country's name
 * in a label stays as the list writes it.
 *
 * Number, issuing council or body and expiry date of one licence or registration
 * (issue 18): the same fields for professionals and institutions. For Nigeria a
 * professional's council follows from the profession; an institution chooses its
 * body from the short list of Nigerian bodies (its type's usual one first);
 * elsewhere the council is typed.
 */
export function LicenceFields({ kind, providerType, value, onChange, error, required }: LicenceFieldsProps) {
  const { country } = value;
  const { t } = useLingui();
  const set = (patch: Partial<LicenceDraft>) => onChange({ ...value, ...patch });
  const label =
    kind === 'professional'
      ? { number: t`License Number (${country})`, council: t`Council (${country})` }
      : { number: t`Registration Number (${country})`, council: t`Issuing Body (${country})` };
  let council;
  if (country === 'Nigeria' && kind === 'professional') {
    council = <TextInput label={label.council} value={councilNames[nigerianCouncils[providerType as ProfessionalType]] ?? ''} readOnly />;
  } else if (country === 'Nigeria') {
    council = (
      <NativeSelect
        label={label.council}
        data={bodyOptions}
        value={nigerianIssuer('institution', providerType, value.council) ?? ''}
        onChange={(e) => set({ council: e.currentTarget.value })}
        error={error?.('council')}
      />
    );
  } else {
    council = (
      <TextInput
        label={label.council}
        value={value.council}
        onChange={(e) => set({ council: e.currentTarget.value })}
        error={error?.('council')}
      />
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
      <TextInput
        label={label.number}
        required={required}
        value={value.licenseNumber}
        onChange={(e) => set({ licenseNumber: e.currentTarget.value })}
        error={error?.('licenseNumber')}
      />
      {council}
      <TextInput
        label={t`Expiry Date (${country})`}
        type="date"
        value={value.expiresOn}
        onChange={(e) => set({ expiresOn: e.currentTarget.value })}
        error={error?.('expiresOn')}
      />
    </SimpleGrid>
  );
}

type RegistrationValues = { type: string; registration: LicenceDraft };

/**
 * An institution's Nigerian registration (issue 18) in a form with `type` and `registration`
 * fields: the register form and the profile setup form show it alike.
 */
export function InstitutionRegistrationFields<V extends RegistrationValues>({ form }: { form: UseFormReturnType<V> }) {
  const f = form as unknown as UseFormReturnType<RegistrationValues>;
  return (
    <LicenceFields
      kind="institution"
      providerType={f.values.type}
      value={f.values.registration}
      onChange={(next) => f.setFieldValue('registration', next)}
      error={(field) => f.errors[`registrations.0.${field}`] as string | undefined}
    />
  );
}
