// Shapes of the profile calls (directory spec §3, §7) as our API answers them.
export type ProfileStatus = 'pending' | 'approved' | 'rejected';

/** The two kinds of provider; also the path segment of their pages and calls. */
export type ProviderKind = 'professional' | 'institution';

export interface CountryLicense {
  country: string;
  licenseNumber: string;
  /** Issuing council (issue 18); a Nigerian licence's follows from the profession. */
  council?: string | null;
  /** Last valid day, 'YYYY-MM-DD'. */
  expiresOn?: string | null;
  /** When an administrator verified it against the council's register. */
  verifiedAt?: string | null;
}

export interface Professional {
  id: number;
  userId: string;
  professionalType: 'doctor' | 'pharmacist' | 'nurse';
  title: string;
  specialty: string;
  licenseNumber: string | null;
  yearsOfExperience: number;
  education: string | null;
  bio: string | null;
  profileImageUrl: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  countries: string[];
  countryLicenses: CountryLicense[];
  /** Naira, whole; null when not given. */
  consultationFee: number | null;
  languages: string | null;
  certifications: string | null;
  /** D18: the public contact e-mail (never the sign-in e-mail). */
  contactEmail: string | null;
  isVerified: boolean;
  /** Every Nigerian licence has expired: no new bookings. */
  licenceRenewalPending?: boolean;
  isApproved: boolean;
  status: ProfileStatus;
  /** Only for the owner and admins. */
  rejectionReason?: string | null;
  createdAt: string;
  updatedAt: string;
  /** `email` only for the owner and admins. */
  user: { firstName: string | null; lastName: string | null; profileImageUrl: string | null; email?: string };
  institutionAffiliations: { id: number; role: string | null; institution: { id: number; name: string; type: string } }[];
  averageRating: number;
  reviewCount: number;
}

export interface Institution {
  id: number;
  userId: string;
  name: string;
  type: string;
  services: string[];
  description: string | null;
  profileImageUrl: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  /** Issue 18: registration number, issuing body (council) and expiry, one per country. */
  registrations?: CountryLicense[];
  isVerified: boolean;
  /** Every Nigerian registration has expired: no new bookings. */
  licenceRenewalPending?: boolean;
  isApproved: boolean;
  status: ProfileStatus;
  rejectionReason?: string | null;
  createdAt: string;
  updatedAt: string;
  user?: { firstName: string | null; lastName: string | null; profileImageUrl: string | null; email: string };
  professionalAffiliations: {
    id: number;
    role: string | null;
    professional: { id: number; title: string; specialty: string; user: { firstName: string | null; lastName: string | null } };
  }[];
  averageRating: number;
  reviewCount: number;
}

export interface Review {
  id: number;
  rating: number;
  comment: string | null;
  createdAt: string;
  professionalId: number | null;
  institutionId: number | null;
  /** First name and the last name's initial only. */
  reviewer: { firstName: string | null; lastName: string | null };
  /** The reviewer has a completed appointment with this provider (D19). */
  verifiedVisit?: boolean;
}

/** Newest first, or verified visits first (D19). */
export type ReviewOrder = 'newest' | 'verified';

/** 'Dr. Ngozi Eze'. */
export function professionalName(p: Pick<Professional, 'title'> & { user: { firstName: string | null; lastName: string | null } }): string {
  return [p.title, p.user.firstName, p.user.lastName].filter(Boolean).join(' ');
}
