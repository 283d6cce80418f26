// FHIR answers every failure as an OperationOutcome, not the API's `{message, fields}`:
// clients of a FHIR server read `issue[].code` and `diagnostics`.
import type { OperationOutcome } from '@medplum/fhirtypes';

type IssueCode = NonNullable<OperationOutcome['issue']>[number]['code'];

export class FhirError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: IssueCode,
    message: string,
    /** The query parameter the failure is about (FHIRPath-like expression in the issue). */
    readonly expression?: string,
  ) {
    super(message);
  }
}

export const notFound = (type: string, id: string) => new FhirError(404, 'not-found', `${type}/${id} is not known`);
export const invalid = (message: string, expression?: string) => new FhirError(400, 'invalid', message, expression);
export const notSupported = (message: string, expression?: string) => new FhirError(400, 'not-supported', message, expression);

export function outcome(code: IssueCode, diagnostics: string, expression?: string): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: [{ severity: 'error', code, diagnostics, ...(expression ? { expression: [expression] } : {}) }],
  };
}
