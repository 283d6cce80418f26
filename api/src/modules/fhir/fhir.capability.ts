// GET /fhir/R4/metadata: what this server serves, built from the same tables the searches run
// on (fhir.repo.ts), so it lists exactly the parameters and includes that work.
import type { CapabilityStatement } from '@medplum/fhirtypes';
import { resources, resourceTypes } from './fhir.repo';
import { MAX_COUNT } from './fhir.params';

/** A fixed date (this statement's last change), not "now": the same statement keeps its ETag. */
const STATEMENT_DATE = '2026-11-29';

export function capabilityStatement(baseUrl: string): CapabilityStatement {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: STATEMENT_DATE,
    publisher: 'Ilera',
    kind: 'instance',
    software: { name: 'Ilera directory' },
    implementation: { description: "Ilera's read-only directory of Nigeria's approved healthcare providers", url: baseUrl },
    fhirVersion: '4.0.1',
    format: ['json'],
    rest: [
      {
        mode: 'server',
        documentation: `Read-only and public: approved professionals and institutions, the national register's listings and the health plans (payers) they take. _count at most ${MAX_COUNT}; paging by Bundle.link next/previous; _summary=count; unknown parameters answer 400 unless Prefer: handling=lenient.`,
        resource: resourceTypes.map((type) => {
          const def = resources[type];
          return {
            type,
            interaction: [{ code: 'read' as const }, { code: 'search-type' as const }],
            versioning: 'no-version' as const,
            readHistory: false,
            updateCreate: false,
            ...(def.include.length ? { searchInclude: [...def.include] } : {}),
            ...(def.revinclude.length ? { searchRevInclude: [...def.revinclude] } : {}),
            searchParam: Object.entries(def.params).map(([name, p]) => ({
              name,
              definition: p.definition,
              type: p.type,
              documentation: p.documentation,
            })),
          };
        }),
      },
    ],
  };
}
