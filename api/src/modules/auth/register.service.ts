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

type ProviderAccountInput = RegisterProfessionalInput | RegisterInstitutionInput;

/**
 * A professional's or an institution's account and its profile, alike for both kinds: the
 * account fields, the profile's kind-specific `columns` with the shared ones (photo, phone,
 * address), its search event, then `after` (an institution's registrations). The profile is
 * pending and not verified (the columns' defaults): nothing of it reaches the public directory.
 */
async function registerProvider(
  sql: Sql,
  kind: 'professional' | 'institution',
  input: ProviderAccountInput,
  columns: (tx: Tx) => Record<string, unknown>,
  after: (tx: Tx, id: number) => Promise<void> = async () => {},
) {
  const profileImageUrl = emptyToNull(input.profileImageUrl);
  const { firstName, lastName, phone } = input;
  return createAccount(sql, { email: input.email, firstName, lastName, phone, profileImageUrl, userType: kind }, input.password, async (tx, created) => {
    const id = await insertProvider(tx, kind, {
      userId: created.id,
      ...columns(tx),
      profileImageUrl,
      phone,
      address: input.address,
      city: input.city,
      state: input.state,
      zipCode: emptyToNull(input.zipCode),
    });
    // Harmless while pending (the index worker removes what is not approved); keeps one path.
    await emit(tx, `search.${kind}`, { id });
    await after(tx, id);
    return id;
  });
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
  const { user, extra: professionalId } = await registerProvider(sql, 'professional', input, (tx) => ({
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
    countries,
    countryLicenses: tx.json(countryLicenses as never),
  }));
  return { user: publicUser(user), professionalId };
}

export async function registerInstitution(sql: Sql, input: RegisterInstitutionInput) {
  const { user, extra: institutionId } = await registerProvider(
    sql,
    'institution',
    input,
    () => ({
      name: input.institutionName,
      type: input.type,
      services: dedupeStrings(input.services),
      description: input.description,
      // D18: the public e-mail starts empty; the account's sign-in e-mail is never copied into it.
      website: emptyToNull(input.website),
    }),
    async (tx, id) => {
      if (input.registrations) await saveRegistrations(tx, id, input.registrations);
    },
  );
  return { user: publicUser(user), institutionId };
}
