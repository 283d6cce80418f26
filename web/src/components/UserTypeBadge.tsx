import { Badge } from '@mantine/core';
import type { UserType } from '@ilera/contracts';

// Spec accounts §4: professional primary, institution green, admin orange, anything else grey.
const colours: Partial<Record<UserType, string | undefined>> = {
  professional: undefined, // the theme's primary colour
  institution: 'green',
  admin: 'orange',
};

export function UserTypeBadge({ userType }: { userType: UserType | string | null | undefined }) {
  const type = userType || 'patient';
  const color = type in colours ? colours[type as UserType] : 'gray';
  return (
    <Badge color={color} variant="light" size="sm" tt="capitalize">
      {type}
    </Badge>
  );
}
