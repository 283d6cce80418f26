import { useState } from 'react';
import { ActionIcon, Alert, Avatar, Badge, Box, Button, Card, Grid, Group, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCalendar, IconCamera, IconEdit, IconExternalLink, IconUserEdit, IconWorld } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { professionalTypeLabels } from '@ilera/contracts';
import type { User } from '../../auth/api/use-auth';
import { useMyProfessional } from '../../profiles/api/get-my-professional';
import { professionalName } from '../../profiles/api/types';
import { CountriesDialog } from '../../profiles/components/CountriesDialog';
import { PhotoDialog } from '../../profiles/components/PhotoDialog';
import { ProfileStatusBadge } from '../../profiles/components/ProfileStatusBadge';
import { AffiliationsCard } from '../../affiliations/components/AffiliationsCard';
import { NoProfileCard, QuickActions, excerpt } from './ProviderParts';

/** The professional's dashboard (spec §2 Dashboard, Professional). */
export function ProfessionalDashboard({ user }: { user: User }) {
  const { data: p, isLoading, isError } = useMyProfessional(user.id);
  const [dialog, setDialog] = useState<'photo' | 'countries' | null>(null);

  if (isLoading) return <Skeleton height={220} radius="md" />;
  if (isError) return <Text c="red">Your profile could not be loaded. Please reload the page.</Text>;
  if (!p) return <NoProfileCard kind="professional" />;

  const name = professionalName(p);
  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Card withBorder radius="md" padding="lg" component="section" aria-label="Your profile">
          <Group align="flex-start" gap="lg" wrap="wrap">
            <Box pos="relative">
              <Avatar src={p.profileImageUrl || null} size={96} radius={96} color="teal" alt={name}>
                {(p.user.firstName ?? name).charAt(0)}
              </Avatar>
              <Tooltip label="Change Photo">
                <ActionIcon pos="absolute" bottom={0} right={0} radius="xl" aria-label="Change Photo" onClick={() => setDialog('photo')}>
                  <IconCamera size={16} />
                </ActionIcon>
              </Tooltip>
            </Box>
            <Stack gap={6} style={{ flex: 1, minWidth: 220 }}>
              <Group gap="sm">
                <Title order={2} size="h3">
                  {name}
                </Title>
                <ProfileStatusBadge status={p.status} />
              </Group>
              <Text c="teal.8" fw={500}>
                {professionalTypeLabels[p.professionalType]} · {p.specialty}
              </Text>
              <Group gap={6} wrap="wrap">
                <Text size="sm" c="dimmed">
                  Countries of practice:
                </Text>
                {p.countries.map((c) => (
                  <Badge key={c} variant="outline" color="gray" size="sm" tt="none">
                    {c}
                  </Badge>
                ))}
                <ActionIcon variant="subtle" size="sm" aria-label="Edit Countries" onClick={() => setDialog('countries')}>
                  <IconWorld size={14} />
                </ActionIcon>
              </Group>
              <Text size="sm" c={p.bio ? undefined : 'dimmed'}>
                {p.bio ? excerpt(p.bio) : 'No bio yet. Add one so patients know about your practice.'}
              </Text>
            </Stack>
          </Group>
          {p.status === 'rejected' && (
            <Alert color="red" variant="light" mt="md" title="Rejected">
              {p.rejectionReason || 'An administrator did not approve this profile.'} Edit your profile to submit it again.
            </Alert>
          )}
          {p.status === 'pending' && (
            <Alert color="yellow" variant="light" mt="md">
              An administrator is reviewing your profile. It appears in the directory once approved.
            </Alert>
          )}
          <Group mt="md" gap="sm">
            <Button component={Link} to="/profile-setup" leftSection={<IconEdit size={16} />}>
              Edit Profile
            </Button>
            {p.isApproved && (
              <Button component={Link} to={`/professional/${p.id}`} variant="light" leftSection={<IconExternalLink size={16} />}>
                View Public Profile
              </Button>
            )}
          </Group>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <QuickActions
          actions={[
            { label: 'View Appointments', to: '/appointments', icon: <IconCalendar size={16} /> },
            { label: 'Update Profile', to: '/profile-setup', icon: <IconUserEdit size={16} /> },
            { label: 'Change Photo', onClick: () => setDialog('photo'), icon: <IconCamera size={16} /> },
          ]}
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <AffiliationsCard side="professional" />
      </Grid.Col>
      <PhotoDialog opened={dialog === 'photo'} onClose={() => setDialog(null)} owner="professional" currentUrl={p.profileImageUrl} />
      <CountriesDialog opened={dialog === 'countries'} onClose={() => setDialog(null)} current={p.countries} licences={p.countryLicenses} professionalType={p.professionalType} />
    </Grid>
  );
}
