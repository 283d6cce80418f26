import { lazy, Suspense } from 'react';
import { Anchor, Box, Burger, Button, Container, Divider, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useLocation } from 'react-router-dom';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { localePath } from '@ilera/contracts/locales';
import { useLocale } from '../i18n/use-locale';
import { LanguageMenu } from './LanguageMenu';
import { useAuth, type User } from '../features/auth/api/use-auth';
import { registerPath, returnPathOf, signInPath } from '../features/auth/api/return-path';
import { accountLinks, findLinks, type NavItem } from './nav-links';
import { UserAvatar, UserIdentity } from './UserAvatar';
import { UserTypeBadge } from './UserTypeBadge';

// The avatar menu (and the popover code under it) is only needed once signed in:
// keep it out of the first load of signed-out visitors.
const AccountMenu = lazy(() => import('./AccountMenu'));

export interface HeaderProps {
  /**
   * The landing page's header (spec accounts §2, Landing): adds About, and always
   * offers Sign In and Register, whatever the width.
   */
  variant?: 'app' | 'landing';
}

/** The sticky site header (spec accounts §2, Header). */
export function Header({ variant = 'app' }: HeaderProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { user } = useAuth();
  const landing = variant === 'landing';
  // The landing page is only shown to signed-out visitors (or while loading).
  const signedInUser = landing ? null : user;
  const navItems = landing ? [...findLinks, { label: msg`About`, to: '/about' }] : findLinks;
  const { i18n, t } = useLingui();
  // Issue 50: /emergency is the API's own page, in the page's language.
  const emergency = localePath(useLocale(), '/emergency');
  // Issue 34: signing in or registering comes back to the page the visitor was on.
  const location = useLocation();
  const back = returnPathOf(location.pathname, location.search);

  return (
    <Box
      component="header"
      pos="sticky"
      top={0}
      bg="var(--mantine-color-body)"
      style={{ zIndex: 100, borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Container size="lg" h={60}>
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="lg" wrap="nowrap">
            <Anchor component={Link} to="/" underline="never" fw={800} fz={24} c="teal.7" aria-label={t`Ilera home`}>
              Ilera
            </Anchor>
            <Group component="nav" aria-label={t`Main`} gap="md" visibleFrom="sm" wrap="nowrap">
              {navItems.map((item) => (
                <Anchor key={item.to} component={Link} to={item.to} c="dark.6" fw={500} fz="sm">
                  {i18n._(item.label)}
                </Anchor>
              ))}
            </Group>
          </Group>

          <Group gap="xs" wrap="nowrap">
            {/* Issue 33: one tap to "Call 112" and the nearest hospitals (a phone gets the strip below).
                Plain links: /emergency is a small server page of its own, not a screen of this app. */}
            <LanguageMenu />
            <Button component="a" href={emergency} color="red" variant="light" size="sm" px="xs" visibleFrom="sm">
              <Trans>Emergency</Trans>
            </Button>
            {signedInUser ? (
              <>
                <Box visibleFrom="sm">
                  <UserTypeBadge userType={signedInUser.userType} />
                </Box>
                <Box visibleFrom="sm">
                  <Suspense fallback={<UserAvatar user={signedInUser} />}>
                    <AccountMenu user={signedInUser} />
                  </Suspense>
                </Box>
              </>
            ) : (
              <>
                <Button component={Link} to={signInPath(back ?? '/')} variant="subtle" size="sm" px="xs">
                  <Trans>Sign In</Trans>
                </Button>
                {landing ? (
                  <Button component={Link} to={registerPath(back)} size="sm" px="sm">
                    <Trans>Register</Trans>
                  </Button>
                ) : (
                  <>
                    <Button component={Link} to={registerPath(back, 'professional')} size="sm" visibleFrom="sm">
                      <Trans>Join as Professional</Trans>
                    </Button>
                    <Button component={Link} to={registerPath(back)} size="sm" px="sm" hiddenFrom="sm">
                      <Trans>Register</Trans>
                    </Button>
                  </>
                )}
              </>
            )}
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? t`Close menu` : t`Open menu`}
              aria-expanded={opened}
              aria-controls="mobile-menu"
            />
          </Group>
        </Group>
      </Container>
      <Anchor
        href={emergency}
        hiddenFrom="sm"
        display="block"
        ta="center"
        fz="sm"
        fw={600}
        py={4}
        c="red.9"
        bg="red.0"
        underline="never"
      >
        <Trans>Emergency: call 112 or find the nearest hospital</Trans>
      </Anchor>

      {opened && (
        <Box
          id="mobile-menu"
          hiddenFrom="sm"
          bg="var(--mantine-color-body)"
          style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
        >
          <Container size="lg" py="sm">
            <MobilePanel user={signedInUser} navItems={navItems} onNavigate={close} />
          </Container>
        </Box>
      )}
    </Box>
  );
}

function MobilePanel({
  user,
  navItems,
  onNavigate,
}: {
  user: User | null;
  navItems: NavItem[];
  onNavigate: () => void;
}) {
  const { i18n, t } = useLingui();
  return (
    <Stack component="nav" aria-label={t`Mobile`} gap={4}>
      {user && (
        <>
          <Group gap="sm" wrap="nowrap" py={4}>
            <UserAvatar user={user} />
            <Box miw={0} style={{ flex: 1 }}>
              <UserIdentity user={user} />
            </Box>
            <UserTypeBadge userType={user.userType} />
          </Group>
          <Divider my={4} />
        </>
      )}
      {[...navItems, ...(user ? accountLinks(user) : [])].map((item) => (
        <Anchor key={item.to} component={Link} to={item.to} onClick={onNavigate} c="dark.6" fw={500} py={8}>
          {i18n._(item.label)}
        </Anchor>
      ))}
      {user && (
        <>
          <Divider my={4} />
          <Anchor href="/api/logout" c="red.7" fw={500} py={8}>
            <Trans>Log out</Trans>
          </Anchor>
        </>
      )}
    </Stack>
  );
}
