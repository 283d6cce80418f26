import { useMutation } from '@tanstack/react-query';
import type { RegisterAnswer, RegisterInstitutionInput, RegisterPatientInput, RegisterProfessionalFormValues } from '@ilera/contracts';
import { apiJson } from '../../../lib/api';

export type AccountType = 'patient' | 'professional' | 'institution';

export interface RegisterBodies {
  patient: RegisterPatientInput;
  professional: RegisterProfessionalFormValues;
  institution: RegisterInstitutionInput;
}

/** POST /api/register/patient | professional | institution with the section 3 payload. */
export function register<K extends AccountType>(kind: K, body: RegisterBodies[K]): Promise<RegisterAnswer> {
  return apiJson('POST', `/api/register/${kind}`, body);
}

export function useRegister<K extends AccountType>(kind: K) {
  return useMutation({ mutationFn: (body: RegisterBodies[K]) => register(kind, body) });
}
