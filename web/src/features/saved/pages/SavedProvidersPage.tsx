import { Alert, Anchor, Avatar, Card, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBookmark } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { DashboardMessages } from '../../../i18n/dashboard-messages';
import { errorMessage } from '../../../lib/api';
import { useAuth } from '../../auth/api/use-auth';
import { SignInRequired } from '../../auth/components/SignInRequired';
import { searchUrl } from '../../search/search-params';
import { SaveProviderButton } from '../components/SaveProviderButton';
import { useSavedProviders } from '../api/get-saved-providers';
import { ProviderPhoto } from '../../../components/ProviderPhoto';

/**
 * /saved-providers (issue 35): the signed-in patient's bookmarks, readable offline (the service worker keeps the list).
 * Issue 50: its words are in dashboard.po, drawn under DashboardMessages.
 */
export default function SavedProvidersPage() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <Skeleton h={200} m="xl" />;
  if (!user) return <SignInRequired to="saved" />;
  return (
    <DashboardMessages>
      <SavedProviders isPatient={user.userType === 'patient'} />
    </DashboardMessages>
  );
}

function SavedProviders({ isPatient }: { isPatient: boolean }) {
  const { t } = useLingui();
  const list = useSavedProviders(isPatient);
  return (
    <Container size="md" py="xl">
      <Title order={1} size="h2" mb="md">
        <Trans>Saved providers</Trans>
      </Title>
      {!isPatient ? (
        <Text c="dimmed">
          <Trans>Saved providers are for patient accounts.</Trans>
        </Text>
      ) : list.isLoading ? (
        <Skeleton h={120} />
      ) : list.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(list.error, t`Could not load your saved providers.`)}
        </Alert>
      ) : list.data && list.data.length > 0 ? (
        <Stack gap="sm">
          {list.data.map((s) => (
            <Card key={`${s.kind}-${s.id}`} withBorder radius="md" padding="md" component="article" aria-label={s.name}>
              <Group wrap="nowrap" gap="md" align="flex-start">
                <ProviderPhoto src={s.profileImageUrl} provider={s} name={s.name} size={48} radius={s.kind === 'professional' ? 'xl' : 'md'} />
                <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Anchor component={Link} to={`/${s.kind}/${s.id}`} fw={600}>
                    {s.name}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {[s.subtitle, [s.city, s.state].filter(Boolean).join(', ')].filter(Boolean).join(' · ')}
                  </Text>
                </Stack>
                <SaveProviderButton target={{ kind: s.kind, id: s.id }} name={s.name} size="xs" />
              </Group>
            </Card>
          ))}
        </Stack>
      ) : (
        <Stack align="center" gap="xs" py="xl">
          <Avatar color="teal" radius="xl" size={48}>
            <IconBookmark size={24} aria-hidden />
          </Avatar>
          <Text>
            <Trans>You have not saved any providers yet.</Trans>
          </Text>
          <Anchor component={Link} to={searchUrl()}>
            <Trans>Find providers</Trans>
          </Anchor>
        </Stack>
      )}
    </Container>
  );
}
