import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';

/** Spec §2: professional and institution forms warn that an administrator reviews the profile first. */
export function ReviewNotice({ what }: { what: 'professional' | 'institution' }) {
  const { t } = useLingui();
  return (
    <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} title={t`Reviewed before it goes live`}>
      {what === 'professional' ? (
        <Trans>
          An administrator reviews your professional profile before it appears in the directory. You can sign in while it is being reviewed.
        </Trans>
      ) : (
        <Trans>
          An administrator reviews your institution's profile before it appears in the directory. You can sign in while it is being reviewed.
        </Trans>
      )}
    </Alert>
  );
}
