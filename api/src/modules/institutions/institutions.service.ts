// Institution profiles: the provider rules (providers.service.ts) with what is the
// institutions' own: the type an approval checked, their registrations, and the
// professionals whose search results show the institution's name.
import { emit, type Db } from '@ilera/db';
import { lockLicences, saveLicences } from '@ilera/db/licences';
import { licencesToStore, type InstitutionProfileInput } from '@ilera/contracts';
import { providerService, resubmitted } from '../providers/providers.service';
import * as repo from './institutions.repo';
import { applyLocation } from './location';

export const INSTITUTION_NOT_FOUND = 'Institution not found';
export const NO_INSTITUTION_PROFILE = 'Institution profile not found';

/**
 * An institution's registrations (issue 18) as sent with its profile: a Nigerian
 * one's issuing body is one of the list (the type's usual one when none is given);
 * one whose number, body or expiry changed loses its verification. A body without
 * `registrations` (the spec's) keeps those on record.
 */
export async function saveRegistrations(tx: Db, id: number, input: NonNullable<InstitutionProfileInput['registrations']>) {
  const current = (await lockLicences(tx, 'institution', id))!;
  await saveLicences(tx, 'institution', id, licencesToStore('institution', current.type, input, current.licences), new Date());
}

export const area = providerService({
  kind: 'institution',
  notFound: INSTITUTION_NOT_FOUND,
  noProfile: NO_INSTITUTION_PROFILE,
  licenceField: 'registrations',
  // The account holder (contact person and sign-in e-mail) is for the owner and admins.
  ownerIsPublic: false,
  findProfile: repo.findInstitution,
  columns: repo.editableColumns,
  // A change of institution type (what an admin checked) sends an approved profile back to review.
  statusAfterEdit: (current, input: InstitutionProfileInput) => resubmitted(current.status, current.type !== input.type),
  async afterWrite(tx, id, input, current) {
    if (input.registrations) await saveRegistrations(tx, id, input.registrations);
    await applyLocation(tx, id, input);
    // Professional search results show their first institution's name.
    if (current && current.name !== input.name) {
      for (const professionalId of await repo.affiliatedProfessionalIds(tx, id)) {
        await emit(tx, 'search.professional', { id: professionalId });
      }
    }
  },
});

export const getInstitution = area.get;
export const assertInstitutionVisible = area.assertVisible;
