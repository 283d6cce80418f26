import { Avatar } from '@mantine/core';
import { userDisplayName, userInitial, type User } from '../features/auth/api/use-auth';

/** The profile image, else the first letter of the first name, else of the e-mail, else "U". */
export function UserAvatar({ user, size = 36 }: { user: User; size?: number }) {
  return (
    <Avatar src={user.profileImageUrl || null} alt={userDisplayName(user)} radius="xl" size={size} color="teal">
      {userInitial(user)}
    </Avatar>
  );
}
