// Issue 50: the search page's words for the reference lists' values (contracts' English labels are the
// spec's text, and the API's), in the page's language. Specialty and service names stay as the
// directory holds them: they are what providers chose, and what the search matches.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { institutionTypeLabel, type AvailabilityWindow, type InstitutionType, type ProfessionalType } from '@ilera/contracts';

/** availabilityWindowLabels. */
export const availabilityWindowText: Record<AvailabilityWindow, MessageDescriptor> = {
  today: msg`Available today`,
  '3days': msg`Within 3 days`,
  week: msg`This week`,
};

/** professionalTypeLabels. */
export const professionalTypeText: Record<ProfessionalType, MessageDescriptor> = {
  doctor: msg`Doctor`,
  pharmacist: msg`Pharmacist`,
  nurse: msg`Nurse`,
};

/** The category cards' words (the spec's professionalTypeLabels + 's'). */
export const professionalTypesText: Record<ProfessionalType, MessageDescriptor> = {
  doctor: msg`Doctors`,
  pharmacist: msg`Pharmacists`,
  nurse: msg`Nurses`,
};

/**
 * contracts' institution type labels: the types patients meet most (the three a facility registers as, and those
 * of the national register's listings). The rarer ones stay in English for now: the search page's first load
 * has room for no more (web/scripts/check-size.ts).
 */
const institutionTypeText: Partial<Record<InstitutionType, MessageDescriptor>> = {
  hospital: msg`Hospital`,
  pharmacy: msg`Pharmacy`,
  diagnostic_lab: msg`Diagnostic Lab`,
  clinic: msg`Clinic`,
  general_hospital: msg`General Hospital`,
  teaching_hospital: msg`Teaching Hospital`,
  private_hospital: msg`Private Hospital`,
  maternity_home: msg`Maternity Home`,
  primary_health_centre: msg`Primary Health Centre`,
  health_post: msg`Health Post`,
};

/** Whether the search page's catalog has words for this institution type (else the names table has). */
export const hasInstitutionTypeText = (value: string): boolean => value in institutionTypeText;

type Translate = (descriptor: MessageDescriptor) => string;

/** An institution type's label in the page's language; a value the lists do not know is shown as is. */
export function institutionTypeIn(t: Translate, value: string): string {
  const text = institutionTypeText[value as InstitutionType];
  return text ? t(text) : institutionTypeLabel(value);
}
