import { useDeferredValue, useState } from 'react';
import { ActionIcon, Anchor, Avatar, Badge, Box, Button, Card, Container, Grid, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  IconBuildingHospital,
  IconCamera,
  IconEdit,
  IconExternalLink,
  IconMail,
  IconMapPin,
  IconPhone,
  IconRosetteDiscountCheck,
  IconUser,
} from '@tabler/icons-react';
import { Link, useParams } from 'react-router-dom';
import { institutionTypeLabel } from '@ilera/contracts';
import { useAuth } from '../../auth/api/use-auth';
import { useInstitution } from '../api/get-institution';
import { useInstitutionReviews } from '../api/get-institution-reviews';
import { professionalName } from '../api/types';
import { BookAppointmentDialog, PhotoDialog, WhenOpened, WriteReviewDialog } from '../components/ProfileDialogs';
import { BookingActions, InfoRow, placeLine, SectionCard, useBookOnReturn } from '../components/ProfileParts';
import { ProfileNotFound } from '../components/ProfileNotFound';
import { ScheduleSection, type PickedSlot } from '../../appointments/components/ScheduleSection';
import { ProfileSkeleton } from '../components/ProfileSkeleton';
import { ProfileStatusBadge } from '../components/ProfileStatusBadge';
import { RatingSummary } from '../components/RatingSummary';
import { ReviewsSection } from '../components/ReviewsSection';
import type { ReviewOrder } from '../api/types';

type Dialog = 'book' | 'review' | 'photo' | null;

/** /institution/{id} (spec §2 Institution profile). */
export default function InstitutionProfilePage() {
  const { id = '' } = useParams();
  const validId = /^\d+$/.test(id);
  const { user, isAuthenticated } = useAuth();
  const profile = useInstitution(id);
  const [reviewOrder, setReviewOrder] = useState<ReviewOrder>('newest');
  const reviews = useInstitutionReviews(id, validId && profile.isSuccess, reviewOrder);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [slot, setSlot] = useState<PickedSlot | null>(null);
  const book = (picked?: PickedSlot) => {
    setSlot(picked ?? null);
    setDialog('book');
  };
  useBookOnReturn(isAuthenticated, book);
  const close = () => setDialog(null);
  // The profile arrives outside any event: as a deferred value it renders as a
  // transition, in slices a slow phone can interrupt, with the skeleton shown meanwhile.
  const data = useDeferredValue(profile.data);

  if (!validId) return <ProfileNotFound kind="institution" />;
  if (profile.isLoading || (profile.data && !data)) return <ProfileSkeleton />;
  if (profile.isError || !data) return <ProfileNotFound kind="institution" error={profile.error} />;

  const inst = data;
  const isOwner = !!user && String(user.id) === inst.userId;
  const typeLabel = institutionTypeLabel(inst.type);

  return (
    <Container size="lg" py="xl">
      <Card withBorder radius="md" padding="lg" mb="lg">
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Box pos="relative">
            <Avatar src={inst.profileImageUrl || null} size={112} radius="md" color="teal" alt={inst.name}>
              <IconBuildingHospital size={48} />
            </Avatar>
            {isOwner && (
              <Tooltip label="Change Photo">
                <ActionIcon pos="absolute" bottom={0} right={0} radius="xl" aria-label="Change Photo" onClick={() => setDialog('photo')}>
                  <IconCamera size={16} />
                </ActionIcon>
              </Tooltip>
            )}
          </Box>
          <Stack gap={6} style={{ flex: 1, minWidth: 240 }}>
            <Title order={1} size="h2">
              {inst.name}
            </Title>
            <Text c="teal.8" fw={500}>
              {typeLabel}
            </Text>
            <RatingSummary average={inst.averageRating} count={inst.reviewCount} />
            <Group gap={6}>
              {inst.isVerified && (
                <Badge color="blue" leftSection={<IconRosetteDiscountCheck size={12} />}>
                  Verified
                </Badge>
              )}
              {inst.isApproved ? <Badge color="teal">Approved</Badge> : <ProfileStatusBadge status={inst.status} />}
            </Group>
            {isOwner && inst.status === 'rejected' && inst.rejectionReason && (
              <Text size="sm" c="red.8">
                Reason: {inst.rejectionReason}
              </Text>
            )}
          </Stack>
        </Group>
      </Card>

      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <SectionCard title="About" id="about-heading">
              <Text style={{ whiteSpace: 'pre-line' }} c={inst.description ? undefined : 'dimmed'}>
                {inst.description || 'No description available.'}
              </Text>
            </SectionCard>

            <SectionCard title="Services Offered" id="services-heading">
              {inst.services.length ? (
                <Group gap="xs">
                  {inst.services.map((s) => (
                    <Badge key={s} variant="light" tt="none" size="lg">
                      {s}
                    </Badge>
                  ))}
                </Group>
              ) : (
                <Text c="dimmed">No services listed.</Text>
              )}
            </SectionCard>

            <SectionCard title="Associated Professionals" id="professionals-heading">
              {inst.professionalAffiliations.length ? (
                <Stack gap="sm">
                  {inst.professionalAffiliations.map((a) => (
                    <Group key={a.id} justify="space-between" wrap="wrap" gap="xs">
                      <Group gap="sm" wrap="nowrap">
                        <IconUser size={20} aria-hidden />
                        <div>
                          <Text fw={600}>{professionalName(a.professional)}</Text>
                          <Text size="sm" c="dimmed">
                            {a.professional.specialty}
                          </Text>
                        </div>
                        {a.role && <Badge variant="light">{a.role}</Badge>}
                      </Group>
                      <Anchor component={Link} to={`/professional/${a.professional.id}`} size="sm">
                        View Profile
                      </Anchor>
                    </Group>
                  ))}
                </Stack>
              ) : (
                <Text c="dimmed">No associated professionals.</Text>
              )}
            </SectionCard>

            <ReviewsSection reviews={reviews.data} isLoading={reviews.isLoading} sort={reviewOrder} onSortChange={setReviewOrder} />
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <SectionCard title="Availability" id="availability-heading">
              <ScheduleSection target={{ institutionId: inst.id }} signedIn={isAuthenticated} onPick={book} />
            </SectionCard>
            <SectionCard title="Quick Actions" id="actions-heading">
              {isOwner ? (
                <Stack gap="xs">
                  <Button component={Link} to="/profile-setup" fullWidth leftSection={<IconEdit size={16} />}>
                    Edit Profile
                  </Button>
                  <Button variant="light" fullWidth leftSection={<IconCamera size={16} />} onClick={() => setDialog('photo')}>
                    Change Photo
                  </Button>
                </Stack>
              ) : (
                <BookingActions signedIn={isAuthenticated} canReview={user?.userType === 'patient'} onBook={() => book()} onReview={() => setDialog('review')} />
              )}
            </SectionCard>

            <SectionCard title="Contact Information" id="contact-heading">
              <Stack gap="sm">
                <InfoRow label="Phone" icon={<IconPhone size={16} aria-hidden />} value={inst.phone} />
                <InfoRow label="Email" icon={<IconMail size={16} aria-hidden />} value={inst.email} />
                <InfoRow
                  label="Website"
                  icon={<IconExternalLink size={16} aria-hidden />}
                  value={
                    inst.website ? (
                      <Anchor href={inst.website} target="_blank" rel="noopener noreferrer nofollow">
                        {inst.website.replace(/^https?:\/\//, '')}
                      </Anchor>
                    ) : null
                  }
                />
                <InfoRow
                  label="Address"
                  icon={<IconMapPin size={16} aria-hidden />}
                  value={[inst.address, placeLine(inst.city, inst.state, inst.zipCode)].filter(Boolean).join(', ')}
                />
                {!inst.phone && !inst.email && !inst.website && !inst.address && !inst.city && (
                  <Text size="sm" c="dimmed">
                    No contact details listed.
                  </Text>
                )}
              </Stack>
            </SectionCard>

            <SectionCard title="Institution Details" id="details-heading">
              <Stack gap="sm">
                <InfoRow label="Type" value={typeLabel} />
                <InfoRow label="Services" value={String(inst.services.length)} />
                <InfoRow label="Professionals" value={String(inst.professionalAffiliations.length)} />
              </Stack>
            </SectionCard>
          </Stack>
        </Grid.Col>
      </Grid>

      <WhenOpened opened={dialog === 'book'}>
        <BookAppointmentDialog opened={dialog === 'book'} onClose={close} initialSlot={slot} institutionId={inst.id} providerName={inst.name} />
      </WhenOpened>
      <WhenOpened opened={dialog === 'review'}>
        <WriteReviewDialog opened={dialog === 'review'} onClose={close} institutionId={inst.id} />
      </WhenOpened>
      {isOwner && (
        <WhenOpened opened={dialog === 'photo'}>
          <PhotoDialog opened={dialog === 'photo'} onClose={close} owner="institution" currentUrl={inst.profileImageUrl} />
        </WhenOpened>
      )}
    </Container>
  );
}
