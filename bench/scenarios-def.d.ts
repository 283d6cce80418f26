// Types of the shared scenario module (scenarios-def.js), for bench/run.ts.
export interface Fixtures {
  today: string;
  professionals: { id: number; firstName: string; lastName: string; professionalType: string; specialty: string; city: string; state: string }[];
  institutions: { id: number; services: string[]; state: string }[];
  patients: { email: string; name: string }[];
  bookingTargets: number[];
  bookingFromDay: string;
  timeSlots: string[];
}
export interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  contentType?: string;
  auth?: 'patient';
  scenario?: string;
}
export interface Scenario {
  kind: 'read' | 'write' | 'sign-in' | 'mixed';
  budgetP95?: number;
  title: string;
  request(fx: Fixtures, i: number, run?: number): BenchRequest;
}
export const PASSWORD: string;
export const CONNECTIONS: number;
export const budgets: {
  searchP95: number;
  profileP95: number;
  availabilityP95: number;
  bookingP95: number;
  rawShare: number;
  approvalVisibleP95: number;
  rssMb: number;
};
export function mix(i: number, salt: number): number;
export function typo(word: string, i: number): string;
export function addDays(date: string, n: number): string;
export const scenarios: Record<string, Scenario>;
export const scenarioNames: string[];
