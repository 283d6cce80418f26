/** Which provider a booking or an availability call is for: exactly one id. */
export type ProviderTarget = { professionalId: number; institutionId?: undefined } | { institutionId: number; professionalId?: undefined };

/** The provider's API path: /api/professionals/{id} or /api/institutions/{id}. */
export function providerPath(t: ProviderTarget): string {
  return t.professionalId != null ? `/api/professionals/${t.professionalId}` : `/api/institutions/${t.institutionId}`;
}

/** Every appointment query key starts with '/api/appointments': one predicate refreshes them all. */
export function isAppointmentsKey(key: readonly unknown[]): boolean {
  return typeof key[0] === 'string' && key[0].startsWith('/api/appointments');
}
