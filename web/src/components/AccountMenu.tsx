import { Box, Menu, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import type { User } from '../features/auth/api/use-auth';
import { accountLinks } from './nav-links';
import { UserAvatar, UserIdentity } from './UserAvatar';

/** Desktop avatar menu (spec accounts §2, Header): name, e-mail, account links, Log out. */
export default function AccountMenu({ user }: { user: User }) {
  const { i18n, t } = useLingui();
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t`Account menu`}>
          <UserAvatar user={user} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Box px="sm" py={6}>
          <UserIdentity user={user} />
        </Box>
        <Menu.Divider />
        {accountLinks(user).map((item) => (
          <Menu.Item key={item.to} component={Link} to={item.to}>
            {i18n._(item.label)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        {/* A full page navigation: the server ends the session and redirects. */}
        <Menu.Item component="a" href="/api/logout" color="red">
          <Trans>Log out</Trans>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
