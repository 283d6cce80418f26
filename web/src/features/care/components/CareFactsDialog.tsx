import { Modal } from '@mantine/core';
import type { CareFactsAnswer } from '@ilera/contracts';
import type { ProviderKind } from '../../profiles/api/types';
import { CareFactsForm } from './CareFactsForm';

/**
 * An administrator's editor of any provider's care facts (issue 45), from the provider's profile page:
 * the owner's form, saved with the same PUT (audited as an admin's edit by the API). A listing's services
 * are its own (canonical) list here; an owned institution's are typed in its profile form.
 */
export default function CareFactsDialog({
  opened,
  onClose,
  kind,
  id,
  care,
  servicesHere,
}: {
  opened: boolean;
  onClose: () => void;
  kind: ProviderKind;
  id: number;
  care: CareFactsAnswer | null;
  servicesHere: boolean;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Edit care facts" size="xl">
      <CareFactsForm kind={kind} id={id} care={care} servicesHere={servicesHere} />
    </Modal>
  );
}
