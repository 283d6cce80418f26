// The identifier systems and code systems our resources use. They name things in Ilera's own
// namespace (decision 033): the councils and the register publish no FHIR systems we could cite
// yet. They must never change once clients store them.
import type postgres from 'postgres';
import type { Db } from '@ilera/db';

export const NS = 'https://ilera.ng/fhir';

/** "HEFAMAA" -> "hefamaa", "State Ministry of Health" -> "state-ministry-of-health". */
export const slug = (s: string): string =>
  s
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();

/** The same slug in SQL, for identifier searches with a system. */
export const slugSql = (db: Db, expr: postgres.Fragment | postgres.PendingQuery<postgres.Row[]>) =>
  db`lower(trim(both '-' from regexp_replace(${expr}, '[^A-Za-z0-9]+', '-', 'g')))`;

export const systems = {
  licence: (council: string) => `${NS}/sid/licence/${slug(council)}`,
  registration: (issuer: string) => `${NS}/sid/registration/${slug(issuer)}`,
  nhfrFacilityCode: `${NS}/sid/nhfr-facility-code`,
  nhfrUid: `${NS}/sid/nhfr-uid`,
  institutionType: `${NS}/CodeSystem/institution-type`,
  specialty: `${NS}/CodeSystem/specialty`,
  service: `${NS}/CodeSystem/service`,
  professionalType: `${NS}/CodeSystem/professional-type`,
  payer: `${NS}/sid/payer`,
  payerAccreditation: `${NS}/sid/payer-accreditation`,
  payerKind: `${NS}/CodeSystem/payer-kind`,
  planTier: `${NS}/CodeSystem/plan-tier`,
  tag: `${NS}/CodeSystem/tag`,
  /** Languages (Practitioner.communication, issue 50): BCP 47, whose primary subtags are contracts' ISO 639 codes. */
  language: 'urn:ietf:bcp:47',
};
