// Types of the shared query log generator (query-log-def.js).
import type { BenchRequest } from './scenarios-def.js';

/** The words the log is made of (./query-log.ts searchVocabulary); plain JSON, so k6 reads it from fixtures.json. */
export interface SearchVocabulary {
  personWords: string[];
  layWords: string[];
  specialties: string[];
  britishWords: string[];
  serviceWords: string[];
  cities: { city: string; state: string }[];
  states: string[];
  bigPlaces: string[];
  placeNicknames: string[];
  connectors: string[];
  leadWords: string[];
  firstNames: string[];
  surnames: string[];
  professionalTypes: string[];
  specialtiesByType: Record<string, string[]>;
  filterStates: string[];
  bigStates: string[];
  locations: string[];
  virtues: string[];
  facilityWords: string[];
  registrationTypes: string[];
  servicesByType: Record<string, string[]>;
  queryBy: { professionals: string[]; institutions: string[] };
  /** The search page's "Best match" order (sort_by), which its multi_search sends. */
  relevance: { professionals: string; institutions: string };
}

export type LogKind = 'search-free-text' | 'search-typo' | 'search-faceted' | 'institutions-by-service' | 'multi-search' | 'search-near';
/** Issue 33: the five cities near-me searches are drawn around: name, centre, spread in degrees. */
export const NEAR_CITIES: [string, number, number, number][];
export interface LogRequest extends BenchRequest {
  scenario: LogKind;
  /** Drawn from the popular head (else the long tail). */
  popular: boolean;
}

export const CLIENTS: number;
export function clientAddress(n: number): string;
export const HEAD_SHARE: number;
export const HEAD_SIZE: number;
export const logKinds: [LogKind, number][];
export function mix(i: number, salt: number): number;
export function typo(word: string, i: number): string;
export function logRequest(vocabulary: SearchVocabulary, i: number, kind?: LogKind, seed?: number): LogRequest;
