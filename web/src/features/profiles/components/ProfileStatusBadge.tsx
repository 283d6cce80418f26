import { Badge } from '@mantine/core';
import { profileStatusLabels } from '@ilera/contracts';
import type { ProfileStatus } from '@ilera/contracts';

const colours: Record<ProfileStatus, string> = { approved: 'green', pending: 'yellow', rejected: 'red' };

/** Approved, Pending Approval or Rejected (spec §4, D5). */
export function ProfileStatusBadge({ status }: { status: ProfileStatus }) {
  return (
    <Badge color={colours[status]} variant="light">
      {profileStatusLabels[status]}
    </Badge>
  );
}
