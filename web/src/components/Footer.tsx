import { Anchor, Box, Container, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { registerPath, returnPathOf, signInPath } from '../features/auth/api/return-path';
import { searchUrl } from '../features/search/search-params';
import { setDataSaver, useDataSaver } from '../lib/data-saver';

interface FooterGroup {
  title: MessageDescriptor;
  links: { label: MessageDescriptor; to: string }[];
}

// D12: every footer link leads to a real page. Issue 48: registering and signing in from the footer
// come back to the page the visitor was on (`back`), as from the header.
const footerGroups = (back: string | null): FooterGroup[] => [
  {
    title: msg`For Patients`,
    links: [
      { label: msg`Search All Providers`, to: searchUrl() },
      { label: msg`Hospitals, Pharmacies & Labs`, to: searchUrl({ type: 'institutions' }) },
      { label: msg`Create a Patient Account`, to: registerPath(back) },
      { label: msg`Help on Mobile`, to: '/mobile-help' },
    ],
  },
  {
    title: msg`For Professionals`,
    links: [
      { label: msg`List Your Practice`, to: registerPath(back, 'professional') },
      { label: msg`Update Your Profile`, to: '/profile-setup' },
      { label: msg`Provider Log In`, to: signInPath(back ?? '/') },
    ],
  },
  {
    title: msg`Company`,
    links: [
      { label: msg`Our Mission`, to: '/about' },
      { label: msg`Privacy Policy`, to: '/privacy' },
      { label: msg`Terms of Service`, to: '/terms' },
    ],
  },
];

export function Footer() {
  const { t } = useLingui();
  const location = useLocation();
  const groups = footerGroups(returnPathOf(location.pathname, location.search));
  return (
    <Box component="footer" bg="dark.8" c="gray.3" mt="auto" py={40}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} spacing="xl">
          <Stack gap={6}>
            <Text fw={800} fz={22} c="white">
              Ilera
            </Text>
            <Text size="sm" c="gray.4">
              {t`Nigeria's directory of trusted healthcare providers.`}
            </Text>
            <DataSaverSwitch />
          </Stack>
          {groups.map((group) => (
            <Stack key={group.links[0]!.to} gap={6} component="nav" aria-label={t(group.title)}>
              <Title order={2} fz="sm" c="white" tt="uppercase" lts={0.5}>
                {t(group.title)}
              </Title>
              {group.links.map((link) => (
                <Anchor key={link.to} component={Link} to={link.to} c="gray.4" fz="sm">
                  {t(link.label)}
                </Anchor>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        <Text size="xs" c="gray.5" mt={32} pt="md" style={{ borderTop: '1px solid var(--mantine-color-dark-5)' }}>
          {t`© 2025 Ilera. All rights reserved. All appointment times are West Africa Time (WAT).`}
        </Text>
      </Container>
    </Box>
  );
}

/** Issue 35: no photos until tapped, 5 search results a page instead of 10 (the app prefetches nothing in any case). */
function DataSaverSwitch() {
  const { t } = useLingui();
  const on = useDataSaver();
  return (
    <Switch
      mt="xs"
      color="teal"
      checked={on}
      onChange={(e) => setDataSaver(e.currentTarget.checked)}
      label={t`Data saver`}
      description={t`No photos until tapped, shorter pages of results`}
      styles={{ label: { color: 'white' }, description: { color: 'var(--mantine-color-gray-4)' } }}
    />
  );
}
