import { useState, type ReactNode } from 'react';
import { ActionIcon, Alert, Avatar, Badge, Box, Button, Card, Grid, Group, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconBuildingHospital, IconCalendar, IconCamera, IconEdit, IconExternalLink, IconUserEdit, IconWorld } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { institutionTypeLabel, professionalTypeLabels, type Institution, type Professional } from '@ilera/contracts';
import type { User } from '../../auth/api/use-auth';
import { useMyInstitution } from '../../profiles/api/get-my-institution';
import { useMyProfessional } from '../../profiles/api/get-my-professional';
import { professionalName } from '../../profiles/api/types';
import { CountriesDialog } from '../../profiles/components/CountriesDialog';
import { PhotoDialog } from '../../profiles/components/PhotoDialog';
import { ProfileStatusBadge } from '../../profiles/components/ProfileStatusBadge';
import { AffiliationsCard } from '../../affiliations/components/AffiliationsCard';
import { MyClaimsCard } from '../../claims/components/MyClaimsCard';
import { CareFlagsCard } from '../../care-reports/components/CareFlagsCard';
import { NoProfileCard, QuickActions, excerpt } from './ProviderParts';
import { profileStatusMessages } from '../status-labels';
import { Name } from '../../../i18n/names';

type Kind = 'professional' | 'institution';
type OwnProfile = Pick<Professional | Institution, 'id' | 'profileImageUrl' | 'status' | 'rejectionReason' | 'isApproved'>;

/** What differs between the two kinds' profile cards. */
interface ProfileCardView {
  name: string;
  avatar: { radius: number | string; placeholder: ReactNode };
  subtitle: ReactNode;
  /** Under the subtitle (a professional's countries of practice). */
  extra?: ReactNode;
  summary: string | null;
  noSummary: string;
}

/** A provider's dashboard (spec §2 Dashboard, Professional and Institution): one layout, the kind's details passed in. */
function ProviderDashboard<T extends OwnProfile>({ kind, query, view }: { kind: Kind; query: UseQueryResult<T | null>; view: (p: T) => ProfileCardView }) {
  const [photoOpen, setPhotoOpen] = useState(false);
  const { data: p, isLoading, isError } = query;
  const { t } = useLingui();

  if (isLoading) return <Skeleton height={220} radius="md" />;
  if (isError) return <Text c="red">
        <Trans>Your profile could not be loaded. Please reload the page.</Trans>
      </Text>;
  // An institution account may have claimed register listings, with or without a profile of its own.
  const claims = kind === 'institution' ? <MyClaimsCard /> : null;
  if (!p) {
    return (
      <Stack gap="lg">
        <NoProfileCard kind={kind} />
        {claims}
      </Stack>
    );
  }

  const v = view(p);
  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Card withBorder radius="md" padding="lg" component="section" aria-label={t`Your profile`}>
          <Group align="flex-start" gap="lg" wrap="wrap">
            <Box pos="relative">
              <Avatar src={p.profileImageUrl || null} size={96} radius={v.avatar.radius} color="teal" alt={v.name}>
                {v.avatar.placeholder}
              </Avatar>
              <Tooltip label={t`Change Photo`}>
                <ActionIcon pos="absolute" bottom={0} right={0} radius="xl" aria-label={t`Change Photo`} onClick={() => setPhotoOpen(true)}>
                  <IconCamera size={16} />
                </ActionIcon>
              </Tooltip>
            </Box>
            <Stack gap={6} style={{ flex: 1, minWidth: 220 }}>
              <Group gap="sm">
                <Title order={2} size="h3">
                  {v.name}
                </Title>
                <ProfileStatusBadge status={p.status} label={t(profileStatusMessages[p.status])} />
              </Group>
              <Text c="teal.8" fw={500}>
                {v.subtitle}
              </Text>
              {v.extra}
              <Text size="sm" c={v.summary ? undefined : 'dimmed'}>
                {v.summary ? excerpt(v.summary) : v.noSummary}
              </Text>
            </Stack>
          </Group>
          {p.status === 'rejected' && (
            <Alert color="red" variant="light" mt="md" title={t`Rejected`}>
              {p.rejectionReason || t`An administrator did not approve this profile.`} <Trans>Edit your profile to submit it again.</Trans>
            </Alert>
          )}
          {p.status === 'pending' && (
            <Alert color="yellow" variant="light" mt="md">
              <Trans>An administrator is reviewing your profile. It appears in the directory once approved.</Trans>
            </Alert>
          )}
          <Group mt="md" gap="sm">
            <Button component={Link} to="/profile-setup" leftSection={<IconEdit size={16} />}>
              <Trans>Edit Profile</Trans>
            </Button>
            {p.isApproved && (
              <Button component={Link} to={`/${kind}/${p.id}`} variant="light" leftSection={<IconExternalLink size={16} />}>
                <Trans>View Public Profile</Trans>
              </Button>
            )}
          </Group>
        </Card>
        {/* Issue 45: what patients' reports contradict on this profile. */}
        <CareFlagsCard kind={kind} id={p.id} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <QuickActions
          actions={[
            { label: t`View Appointments`, to: '/appointments', icon: <IconCalendar size={16} /> },
            { label: t`Update Profile`, to: '/profile-setup', icon: <IconUserEdit size={16} /> },
            { label: t`Change Photo`, onClick: () => setPhotoOpen(true), icon: <IconCamera size={16} /> },
          ]}
        />
      </Grid.Col>
      <Grid.Col span={12}>
        <AffiliationsCard side={kind} />
      </Grid.Col>
      {claims && <Grid.Col span={12}>{claims}</Grid.Col>}
      <PhotoDialog opened={photoOpen} onClose={() => setPhotoOpen(false)} owner={kind} currentUrl={p.profileImageUrl} />
    </Grid>
  );
}

/** The professional's countries of practice, with the dialog that edits them. */
function CountriesLine({ p }: { p: Professional }) {
  const [open, setOpen] = useState(false);
  const { t } = useLingui();
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm" c="dimmed">
        <Trans>Countries of practice:</Trans>
      </Text>
      {p.countries.map((c) => (
        <Badge key={c} variant="outline" color="gray" size="sm" tt="none">
          {c}
        </Badge>
      ))}
      <ActionIcon variant="subtle" size="sm" aria-label={t`Edit Countries`} onClick={() => setOpen(true)}>
        <IconWorld size={14} />
      </ActionIcon>
      <CountriesDialog opened={open} onClose={() => setOpen(false)} current={p.countries} licences={p.countryLicenses} professionalType={p.professionalType} />
    </Group>
  );
}

export function ProfessionalDashboard({ user }: { user: User }) {
  const { t } = useLingui();
  return (
    <ProviderDashboard
      kind="professional"
      query={useMyProfessional(user.id)}
      view={(p) => {
        const name = professionalName(p);
        return {
          name,
          avatar: { radius: 96, placeholder: (p.user.firstName ?? name).charAt(0) },
          subtitle: (
            <>
              <Name value={professionalTypeLabels[p.professionalType]} /> · <Name value={p.specialty} />
            </>
          ),
          extra: <CountriesLine p={p} />,
          summary: p.bio,
          noSummary: t`No bio yet. Add one so patients know about your practice.`,
        };
      }}
    />
  );
}

export function InstitutionDashboard({ user }: { user: User }) {
  const { t } = useLingui();
  return (
    <ProviderDashboard
      kind="institution"
      query={useMyInstitution(user.id)}
      view={(inst) => ({
        name: inst.name,
        avatar: { radius: 'md', placeholder: <IconBuildingHospital size={40} /> },
        subtitle: <Name value={institutionTypeLabel(inst.type)} />,
        summary: inst.description,
        noSummary: t`No description yet. Tell patients about your institution.`,
      })}
    />
  );
}
