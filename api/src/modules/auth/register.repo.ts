import type { Db } from '@ilera/db';
import type { LicenceRecord } from '@ilera/contracts';

// Registration writes the first version of a profile; the profile areas own
// every later change. Status starts 'pending' and is_verified false (the
// columns' defaults), so nothing of it reaches the public directory.

export interface NewProfessional {
  userId: string;
  professionalType: string;
  title: string;
  specialty: string;
  licenseNumber: string | null;
  yearsOfExperience: number;
  education: string;
  bio: string;
  profileImageUrl: string | null;
  phone: string;
  address: string;
  city: string;
  state: string;
  zipCode: string | null;
  countries: string[];
  countryLicenses: LicenceRecord[];
}

export async function insertPendingProfessional(db: Db, p: NewProfessional): Promise<number> {
  const [row] = await db<{ id: number }[]>`
    INSERT INTO professionals (user_id, professional_type, title, specialty, license_number, years_of_experience,
      education, bio, profile_image_url, phone, address, city, state, zip_code, countries, country_licenses,
      status, is_verified)
    VALUES (${p.userId}, ${p.professionalType}, ${p.title}, ${p.specialty}, ${p.licenseNumber}, ${p.yearsOfExperience},
      ${p.education}, ${p.bio}, ${p.profileImageUrl}, ${p.phone}, ${p.address}, ${p.city}, ${p.state}, ${p.zipCode},
      ${p.countries}, ${db.json(p.countryLicenses as never)}, 'pending', false)
    RETURNING id`;
  return row.id;
}

export interface NewInstitution {
  userId: string;
  name: string;
  type: string;
  services: string[];
  description: string;
  profileImageUrl: string | null;
  phone: string;
  email: string;
  website: string | null;
  address: string;
  city: string;
  state: string;
  zipCode: string | null;
}

export async function insertPendingInstitution(db: Db, i: NewInstitution): Promise<number> {
  const [row] = await db<{ id: number }[]>`
    INSERT INTO institutions (user_id, name, type, services, description, profile_image_url, phone, email, website,
      address, city, state, zip_code, status, is_verified)
    VALUES (${i.userId}, ${i.name}, ${i.type}, ${i.services}, ${i.description}, ${i.profileImageUrl}, ${i.phone},
      ${i.email}, ${i.website}, ${i.address}, ${i.city}, ${i.state}, ${i.zipCode}, 'pending', false)
    RETURNING id`;
  return row.id;
}
