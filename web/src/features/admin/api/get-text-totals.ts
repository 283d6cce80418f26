import { useQuery } from '@tanstack/react-query';
import type { TextTotals } from '@ilera/contracts';
import { getJson } from '../../../lib/api';

/** GET /api/admin/texts?days=N (issue 36): texts per channel, their delivery and cost. */
export function useTextTotals(days: number) {
  return useQuery({ queryKey: ['/api/admin/texts', days], queryFn: () => getJson<TextTotals>(`/api/admin/texts?days=${days}`) });
}
