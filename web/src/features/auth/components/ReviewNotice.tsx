import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

/** Spec §2: professional and institution forms warn that an administrator reviews the profile first. */
export function ReviewNotice({ what }: { what: 'professional' | 'institution' }) {
  return (
    <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} title="Reviewed before it goes live">
      An administrator reviews your {what === 'professional' ? 'professional profile' : "institution's profile"} before
      it appears in the directory. You can sign in while it is being reviewed.
    </Alert>
  );
}
