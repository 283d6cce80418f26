// Types of the shared scenario module (scenarios-def.js), for bench/run.ts.
import type { SearchVocabulary } from './query-log-def.js';

export interface Fixtures {
  today: string;
  professionals: { id: number; firstName: string; lastName: string; professionalType: string; specialty: string; city: string; state: string }[];
  institutions: { id: number; services: string[]; state: string }[];
  patients: { email: string; name: string }[];
  bookingTargets: number[];
  bookingFromDay: string;
  timeSlots: string[];
  /** The words of the search query log (bench/query-log.ts searchVocabulary). */
  vocabulary: SearchVocabulary;
}
export interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  contentType?: string;
  auth?: 'patient';
  scenario?: string;
  /** A query log request drawn from the popular head. */
  popular?: boolean;
}
export interface Scenario {
  kind: 'read' | 'write' | 'sign-in' | 'mixed' | 'open';
  budgetP95?: number;
  /** Open loop: requests a second, and for how long. */
  rate?: number;
  seconds?: number;
  /** Open loop: also replay the requests' SQL at the same rate (raw p95 beside the API's). */
  rawAtRate?: boolean;
  title: string;
  request(fx: Fixtures, i: number, run?: number): BenchRequest;
}
export const PASSWORD: string;
export const CONNECTIONS: number;
export const OPEN_RATE: number;
export const OPEN_SECONDS: number;
export const CLIENTS: number;
export function clientAddress(n: number): string;
export const budgets: {
  searchP95: number;
  profileP95: number;
  availabilityP95: number;
  bookingP95: number;
  rawShare: number;
  approvalVisibleP95: number;
  nextSlotVisibleP95: number;
  rssMb: number;
  rssNearMb: number;
  fhirP95: number;
};
export function mix(i: number, salt: number): number;
export function typo(word: string, i: number): string;
export function addDays(date: string, n: number): string;
export function addWeekdays(date: string, n: number): string;
export const scenarios: Record<string, Scenario>;
export const scenarioNames: string[];
