import { Avatar, Text } from '@mantine/core';
import { userDisplayName, userInitial, type User } from '../features/auth/api/use-auth';

/** The profile image, else the first letter of the first name, else of the e-mail, else "U". */
export function UserAvatar({ user, size = 36 }: { user: User; size?: number }) {
  return (
    <Avatar src={user.profileImageUrl || null} alt={userDisplayName(user)} radius="xl" size={size} color="teal">
      {userInitial(user)}
    </Avatar>
  );
}

/** The user's name over their e-mail, each cut to one line (the account menu and the mobile panel). */
export function UserIdentity({ user }: { user: User }) {
  return (
    <>
      <Text fw={600} size="sm" truncate>
        {userDisplayName(user)}
      </Text>
      <Text size="xs" c="dimmed" truncate>
        {user.email}
      </Text>
    </>
  );
}
