import type { LicenceRecord, ProfileStatus } from '@ilera/contracts';

/** Shapes of the admin calls' answers (accounts-and-admin.md §3, §7). */
export interface AdminUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  userType: 'admin';
}

export interface AdminStats {
  totalProfessionals: number;
  totalInstitutions: number;
  pendingApprovals: number;
  pendingProfessionals: number;
  pendingInstitutions: number;
  totalAppointments: number;
}

interface Owner {
  firstName: string | null;
  lastName: string | null;
  email: string;
}

export interface AdminProfessional {
  id: number;
  title: string;
  specialty: string;
  professionalType: string;
  city: string | null;
  state: string | null;
  createdAt: string;
  status: ProfileStatus;
  rejectionReason?: string | null;
  countryLicenses: LicenceRecord[];
  isVerified: boolean;
  user: Owner;
}

export interface AdminInstitution {
  id: number;
  name: string;
  type: string;
  city: string | null;
  state: string | null;
  createdAt: string;
  status: ProfileStatus;
  rejectionReason?: string | null;
  /** Issue 18: each registration (issuing body, expiry, verification) and the badge. */
  registrations: LicenceRecord[];
  isVerified: boolean;
  user: Owner;
}

export interface AuditEntry {
  id: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  outcome: 'success' | 'failure';
  detail: Record<string, unknown>;
  createdAt: string;
  admin: { id: string; email: string | null; firstName: string | null; lastName: string | null } | null;
}

export interface AuditPage {
  items: AuditEntry[];
  total: number;
  page: number;
  perPage: number;
}
