import type { AffiliationStatus } from '@ilera/contracts';

/** One request or link as GET /api/affiliations answers it (D20). */
export interface Affiliation {
  id: number;
  status: AffiliationStatus;
  role: string | null;
  startDate: string | null;
  createdAt: string;
  professional: { id: number; title: string; firstName: string | null; lastName: string | null; specialty: string; professionalType: string };
  institution: { id: number; name: string; type: string; city: string | null; state: string | null };
}

export const AFFILIATIONS_KEY = '/api/affiliations';
