import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CareReportInput } from '@ilera/contracts';
import { apiJson } from '../../../lib/api';
import { isAppointmentsKey } from '../../appointments/api/types';
import { refreshProviderQueries } from '../../profiles/api/refresh';
import type { ProviderKind } from '../../profiles/api/types';

export interface CareReportCall {
  kind: ProviderKind;
  id: number;
  body: CareReportInput;
}

/**
 * POST /api/{professionals|institutions}/{id}/care-reports (issue 45): a patient's answers about a visit,
 * after a completed appointment (appointmentId) or, for a register listing, a visit they say they made
 * (visitedOn). The 201 carries no answers: they are only ever shown in aggregate.
 */
export function createCareReport({ kind, id, body }: CareReportCall): Promise<{ id: number; visitedOn: string }> {
  return apiJson('POST', `/api/${kind}s/${id}/care-reports`, body);
}

export function useCreateCareReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCareReport,
    // The appointment now says it was reported (not offered again); the profile's aggregates may have moved.
    onSuccess: (_answer, { kind }) =>
      Promise.all([queryClient.invalidateQueries({ predicate: (q) => isAppointmentsKey(q.queryKey) }), refreshProviderQueries(queryClient, kind)]),
  });
}
