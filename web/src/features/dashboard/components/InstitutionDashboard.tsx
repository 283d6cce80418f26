import { useState } from 'react';
import { ActionIcon, Alert, Avatar, Box, Button, Card, Grid, Group, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconBuildingHospital, IconCalendar, IconCamera, IconEdit, IconExternalLink, IconUserEdit } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { institutionTypeLabel } from '@ilera/contracts';
import type { User } from '../../auth/api/use-auth';
import { useMyInstitution } from '../../profiles/api/get-my-institution';
import { PhotoDialog } from '../../profiles/components/PhotoDialog';
import { ProfileStatusBadge } from '../../profiles/components/ProfileStatusBadge';
import { AffiliationsCard } from '../../affiliations/components/AffiliationsCard';
import { NoProfileCard, QuickActions, excerpt } from './ProviderParts';

/** The institution's dashboard (spec §2 Dashboard, Institution). */
export function InstitutionDashboard({ user }: { user: User }) {
  const { data: inst, isLoading, isError } = useMyInstitution(user.id);
  const [photoOpen, setPhotoOpen] = useState(false);

  if (isLoading) return <Skeleton height={220} radius="md" />;
  if (isError) return <Text c="red">Your profile could not be loaded. Please reload the page.</Text>;
  if (!inst) return <NoProfileCard kind="institution" />;

  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Card withBorder radius="md" padding="lg" component="section" aria-label="Your profile">
          <Group align="flex-start" gap="lg" wrap="wrap">
            <Box pos="relative">
              <Avatar src={inst.profileImageUrl || null} size={96} radius="md" color="teal" alt={inst.name}>
                <IconBuildingHospital size={40} />
              </Avatar>
              <Tooltip label="Change Photo">
                <ActionIcon pos="absolute" bottom={0} right={0} radius="xl" aria-label="Change Photo" onClick={() => setPhotoOpen(true)}>
                  <IconCamera size={16} />
                </ActionIcon>
              </Tooltip>
            </Box>
            <Stack gap={6} style={{ flex: 1, minWidth: 220 }}>
              <Group gap="sm">
                <Title order={2} size="h3">
                  {inst.name}
                </Title>
                <ProfileStatusBadge status={inst.status} />
              </Group>
              <Text c="teal.8" fw={500}>
                {institutionTypeLabel(inst.type)}
              </Text>
              <Text size="sm" c={inst.description ? undefined : 'dimmed'}>
                {inst.description ? excerpt(inst.description) : 'No description yet. Tell patients about your institution.'}
              </Text>
            </Stack>
          </Group>
          {inst.status === 'rejected' && (
            <Alert color="red" variant="light" mt="md" title="Rejected">
              {inst.rejectionReason || 'An administrator did not approve this profile.'} Edit your profile to submit it again.
            </Alert>
          )}
          {inst.status === 'pending' && (
            <Alert color="yellow" variant="light" mt="md">
              An administrator is reviewing your profile. It appears in the directory once approved.
            </Alert>
          )}
          <Group mt="md" gap="sm">
            <Button component={Link} to="/profile-setup" leftSection={<IconEdit size={16} />}>
              Edit Profile
            </Button>
            {inst.isApproved && (
              <Button component={Link} to={`/institution/${inst.id}`} variant="light" leftSection={<IconExternalLink size={16} />}>
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
            { label: 'Change Photo', onClick: () => setPhotoOpen(true), icon: <IconCamera size={16} /> },
          ]}
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <AffiliationsCard side="institution" />
      </Grid.Col>
      <PhotoDialog opened={photoOpen} onClose={() => setPhotoOpen(false)} owner="institution" currentUrl={inst.profileImageUrl} />
    </Grid>
  );
}
