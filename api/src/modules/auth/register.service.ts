import {
  licencesToStore,
  dedupeStrings,
  type RegisterInstitutionInput,
  type RegisterPatientInput,
  type RegisterProfessionalInput,
} from '@ilera/contracts';
import { emit, isUniqueViolation, type Sql, type Tx } from '@ilera/db';
import { ConflictError } from '../../errors';
import { publicUser, type SessionUser } from '../../plugins/session';
import { insertUserWithPassword, type NewUser } from '@ilera/db/users';
import { hashPassword } from '@ilera/db/passwords';
import { insertProvider } from '../providers/providers.repo';
import { saveRegistrations } from '../institutions/institutions.service';

export const EMAIL_TAKEN = 'An account with this email already exists';

const emptyToNull = (v: string | undefined | null): string | null => (v && v.trim() ? v.trim() : null);

/**
 * Creates the user (and, through `more`, its profile) in one transaction: both
 * exist afterwards or neither does. A duplicate e-mail, whatever its letter
 * case, is a 409 (the unique index on lower(email) decides, so two concurrent
 * registrations cannot both win).
 */
async function createAccount<T>(
  sql: Sql,
  user: NewUser,
  password: string,
  more: (tx: Tx, user: SessionUser) => Promise<T>,
): Promise<{ user: SessionUser; extra: T }> {
  const hash = await hashPassword(password);
  try {
    return await sql.begin(async (tx) => {
      const created = await insertUserWithPassword(tx, user, hash);
      const extra = await more(tx, created);
      return { user: created, extra };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_lower_key')) throw new ConflictError(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw err;
  }
}

export async function registerPatient(sql: Sql, input: RegisterPatientInput) {
  const { user } = await createAccount(
    sql,
    { email: input.email, firstName: input.firstName, lastName: input.lastName, phone: input.phone, profileImageUrl: null, userType: 'patient' },
    input.password,
    async () => null,
  );
  return { user: publicUser(user) };
}

export async function registerProfessional(sql: Sql, input: RegisterProfessionalInput) {
  const countries = dedupeStrings(input.countries);
  // One licence per selected country, in the order the countries were chosen.
  const countryLicenses = licencesToStore(
    'professional',
    input.professionalType,
    countries.map((country) => input.countryLicenses.find((x) => x.country === country)!),
    [],
  );
  const profileImageUrl = emptyToNull(input.profileImageUrl);
  const { user, extra: professionalId } = await createAccount(
    sql,
    { email: input.email, firstName: input.firstName, lastName: input.lastName, phone: input.phone, profileImageUrl, userType: 'professional' },
    input.password,
    async (tx, created) => {
      // Pending and not verified (the columns' defaults): nothing of it reaches the public directory.
      const id = await insertProvider(tx, 'professional', {
        userId: created.id,
        professionalType: input.professionalType,
        title: input.title,
        specialty: input.specialty,
        // The single licence field is optional; the Nigerian (else first) licence stands in for it.
        licenseNumber:
          emptyToNull(input.licenseNumber) ??
          (countryLicenses.find((l) => l.country === 'Nigeria') ?? countryLicenses[0]).licenseNumber,
        yearsOfExperience: input.yearsOfExperience,
        education: input.education,
        bio: input.bio,
        profileImageUrl,
        phone: input.phone,
        address: input.address,
        city: input.city,
        state: input.state,
        zipCode: emptyToNull(input.zipCode),
        countries,
        countryLicenses: tx.json(countryLicenses as never),
      });
      // Harmless while pending (the index worker removes what is not approved); keeps one path.
      await emit(tx, 'search.professional', { id });
      return id;
    },
  );
  return { user: publicUser(user), professionalId };
}

export async function registerInstitution(sql: Sql, input: RegisterInstitutionInput) {
  const profileImageUrl = emptyToNull(input.profileImageUrl);
  const { user, extra: institutionId } = await createAccount(
    sql,
    { email: input.email, firstName: input.firstName, lastName: input.lastName, phone: input.phone, profileImageUrl, userType: 'institution' },
    input.password,
    async (tx, created) => {
      const id = await insertProvider(tx, 'institution', {
        userId: created.id,
        name: input.institutionName,
        type: input.type,
        services: dedupeStrings(input.services),
        description: input.description,
        profileImageUrl,
        phone: input.phone,
        email: created.email,
        website: emptyToNull(input.website),
        address: input.address,
        city: input.city,
        state: input.state,
        zipCode: emptyToNull(input.zipCode),
      });
      await emit(tx, 'search.institution', { id });
      if (input.registrations) await saveRegistrations(tx, id, input.registrations);
      return id;
    },
  );
  return { user: publicUser(user), institutionId };
}
