// Professional profiles: the provider rules (providers.service.ts) with what is the
// professionals' own: the fields an approval checked (licence number, type) and the
// countries of practice with their licences.
import type { Db, Sql } from '@ilera/db';
import { lockLicences, saveLicences } from '@ilera/db/licences';
import { LICENSE_PER_COUNTRY_MESSAGE, licencesToStore, type CountriesInput, type LicenceInput, type ProfessionalProfileInput } from '@ilera/contracts';
import { BadRequestError } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { providerService, resubmitted } from '../providers/providers.service';
import * as repo from './professionals.repo';
import { applyLocation } from '../institutions/location';

export const PROFESSIONAL_NOT_FOUND = 'Professional not found';
export const NO_PROFESSIONAL_PROFILE = 'Professional profile not found';

export const area = providerService({
  kind: 'professional',
  notFound: PROFESSIONAL_NOT_FOUND,
  noProfile: NO_PROFESSIONAL_PROFILE,
  licenceField: 'countryLicenses',
  ownerIsPublic: true,
  findProfile: repo.findProfessional,
  columns: repo.editableColumns,
  // Issue 48 (D23): their own practice location (device or pin, else their LGA's centre), as an institution's.
  afterWrite: (tx, id, input: ProfessionalProfileInput) => applyLocation(tx, id, input, 'professional'),
  // Identity that an admin checked (professional type, a licence number) sends an approved profile back to
  // review. Issue 48: the licence number is the licence of record (migration 062), changed with the
  // licences (Countries), where a change loses the licence's verification instead; profile setup's number
  // counts only for a professional with no licence, whose only number it is.
  checkEdit: (current, input: ProfessionalProfileInput) => assertLicenceOfRecord(current, input),
  statusAfterEdit: (current, input: ProfessionalProfileInput) => {
    const licenceChanged = current.countryLicenses.length === 0 && (current.licenseNumber ?? '') !== (input.licenseNumber ?? '');
    return resubmitted(current.status, licenceChanged || current.professionalType !== input.professionalType);
  },
});

const LICENCE_OF_RECORD_MESSAGE = 'Your licence number is your Nigerian licence: change it with your countries of practice';

/**
 * Issue 48 (one licence number): a profile edit may send the licence of record as it is, or none
 * (it stays), but not another number beside the licences: it is refused, naming the field, before
 * anything is written.
 */
function assertLicenceOfRecord(current: { licenseNumber: string | null; countryLicenses: readonly unknown[] }, input: ProfessionalProfileInput) {
  const sent = input.licenseNumber?.trim();
  if (current.countryLicenses.length > 0 && sent && sent !== current.licenseNumber) {
    throw new BadRequestError(LICENCE_OF_RECORD_MESSAGE, { licenseNumber: LICENCE_OF_RECORD_MESSAGE });
  }
}

export const getProfessional = area.get;
export const assertProfessionalVisible = area.assertVisible;

/**
 * PUT /api/professionals/countries (issue 14): the spec's bare list of countries
 * keeps the licences of the countries still listed; `{countries, countryLicenses}`
 * also adds or changes licences. Either way every country keeps a licence
 * (countries = licences); a licence that changed loses its verification.
 */
export async function updateOwnCountries(sql: Sql, user: SessionUser, countries: CountriesInput, countryLicenses?: LicenceInput[]) {
  const id = await sql.begin(async (tx) => {
    const ref = await area.ownProfile(tx, user);
    const current = (await lockLicences(tx, 'professional', ref.id))!;
    const input = countries.map(
      (country) => countryLicenses?.find((l) => l.country === country) ?? current.licences.find((l) => l.country === country),
    );
    if (input.some((l) => !l)) {
      throw new BadRequestError(LICENSE_PER_COUNTRY_MESSAGE, { countryLicenses: LICENSE_PER_COUNTRY_MESSAGE });
    }
    const licences = licencesToStore('professional', current.type, input as LicenceInput[], current.licences);
    await saveLicences(tx, 'professional', ref.id, licences, new Date(), { countries });
    return ref.id;
  });
  return area.reload(sql, id, user);
}

export async function listSpecialties(db: Db) {
  return repo.listSpecialties(db);
}
