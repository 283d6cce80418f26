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
  // Identity that an admin checked (licence number, professional type) sends an approved profile back to review.
  statusAfterEdit: (current, input: ProfessionalProfileInput) =>
    resubmitted(
      current.status,
      (current.licenseNumber ?? '') !== (input.licenseNumber ?? '') || current.professionalType !== input.professionalType,
    ),
});

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
