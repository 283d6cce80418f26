import { useMutation } from '@tanstack/react-query';
import type { CareSuggestionInput } from '@ilera/contracts';
import { apiJson } from '../../../lib/api';
import type { ProviderKind } from '../../profiles/api/types';

export interface CareSuggestionCall {
  kind: ProviderKind;
  id: number;
  body: CareSuggestionInput;
}

/** POST /api/{professionals|institutions}/{id}/care-suggestions (issue 45): "suggest an edit", for an admin to decide. */
export function createCareSuggestion({ kind, id, body }: CareSuggestionCall): Promise<{ id: number; status: string }> {
  return apiJson('POST', `/api/${kind}s/${id}/care-suggestions`, body);
}

export function useCreateCareSuggestion() {
  // Nothing the suggester sees changes: an admin's decision does, later.
  return useMutation({ mutationFn: createCareSuggestion });
}
