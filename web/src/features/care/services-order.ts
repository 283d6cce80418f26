import { emergencyReadinessServices } from '@ilera/contracts';

/** Readiness services (what decides an emergency trip) first, each group in its own order. */
export function readinessFirst(services: readonly string[]): string[] {
  const ready = emergencyReadinessServices as readonly string[];
  return [...services.filter((s) => ready.includes(s)), ...services.filter((s) => !ready.includes(s))];
}

export const isReadiness = (service: string): boolean => (emergencyReadinessServices as readonly string[]).includes(service);
