import { Modal } from '@mantine/core';
import type { CareFactsAnswer } from '@ilera/contracts';
import type { ProviderKind } from '../../profiles/api/types';
import { CareFactsForm } from './CareFactsForm';
import { useLingui } from '@lingui/react/macro';
import { DashboardMessages } from '../../../i18n/dashboard-messages';

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
    <DashboardMessages>
      <CareFactsModal opened={opened} onClose={onClose} kind={kind} id={id} care={care} servicesHere={servicesHere} />
    </DashboardMessages>
  );
}

/** Its texts are the signed-in pages' (dashboard.po, issue 50), fetched with it. */
function CareFactsModal({ opened, onClose, kind, id, care, servicesHere }: Parameters<typeof CareFactsDialog>[0]) {
  const { t } = useLingui();
  return (
    <Modal opened={opened} onClose={onClose} title={t`Edit care facts`} size="xl">
      <CareFactsForm kind={kind} id={id} care={care} servicesHere={servicesHere} />
    </Modal>
  );
}
