import { Badge } from '@mantine/core';
import { profileStatusLabels } from '@ilera/contracts';
import type { ProfileStatus } from '@ilera/contracts';

const colours: Record<ProfileStatus, string> = { approved: 'green', pending: 'yellow', rejected: 'red' };

/**
 * Approved, Pending Approval or Rejected (spec §4, D5). `label`: the words in the page's language, where the page
 * has them (the signed-in pages' catalog, issue 50); the profile page shows the spec's English.
 */
export function ProfileStatusBadge({ status, label }: { status: ProfileStatus; label?: string }) {
  return (
    <Badge color={colours[status]} variant="light">
      {label ?? profileStatusLabels[status]}
    </Badge>
  );
}
