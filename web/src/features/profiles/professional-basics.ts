import type { ProfessionalType } from '@ilera/contracts';

/** What a professional's registration and profile forms both start from (the register form asks for the title). */
export const professionalBasics = {
  professionalType: 'doctor' as ProfessionalType,
  title: 'Dr.',
  specialty: '',
  licenseNumber: '',
  yearsOfExperience: 0 as number | string,
  education: '',
  bio: '',
};
