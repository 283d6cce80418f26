import { useDeferredValue, useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Grid,
  Group,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconBuildingHospital,
  IconCamera,
  IconEdit,
  IconMail,
  IconMapPin,
  IconPhone,
  IconRosetteDiscountCheck,
  IconWorld,
} from '@tabler/icons-react';
import { Link, useParams } from 'react-router-dom';
import { formatNaira, institutionTypeLabel, LICENCE_RENEWAL_PENDING, professionalTypeLabels } from '@ilera/contracts';
import { useAuth } from '../../auth/api/use-auth';
import { useProfessional } from '../api/get-professional';
import { useProfessionalReviews } from '../api/get-professional-reviews';
import { professionalName } from '../api/types';
import { BookAppointmentDialog, CountriesDialog, PhotoDialog, WhenOpened, WriteReviewDialog } from '../components/ProfileDialogs';
import { BookingActions, InfoRow, placeLine, SectionCard, useBookOnReturn } from '../components/ProfileParts';
import { ProfileNotFound } from '../components/ProfileNotFound';
import { ScheduleSection, type PickedSlot } from '../../appointments/components/ScheduleSection';
import { ProfileSkeleton } from '../components/ProfileSkeleton';
import { ProfileStatusBadge } from '../components/ProfileStatusBadge';
import { RatingSummary } from '../components/RatingSummary';
import { ReviewsSection } from '../components/ReviewsSection';
import type { ReviewOrder } from '../api/types';

/** One list item per entered line (education, certifications). */
function LineList({ lines }: { lines: string[] }) {
  return (
    <Stack gap={4} component="ul" style={{ paddingLeft: 18, margin: 0 }}>
      {lines.map((line, i) => (
        <Text component="li" key={i}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}

type Dialog = 'book' | 'review' | 'photo' | 'countries' | null;

/** /professional/{id} (spec §2 Professional profile). Reads PostgreSQL through the API, never the search index. */
export default function ProfessionalProfilePage() {
  const { id = '' } = useParams();
  const validId = /^\d+$/.test(id);
  const { user, isAuthenticated } = useAuth();
  const profile = useProfessional(id);
  const [reviewOrder, setReviewOrder] = useState<ReviewOrder>('newest');
  const reviews = useProfessionalReviews(id, validId && profile.isSuccess, reviewOrder);
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

  if (!validId) return <ProfileNotFound kind="professional" />;
  if (profile.isLoading || (profile.data && !data)) return <ProfileSkeleton />;
  if (profile.isError || !data) return <ProfileNotFound kind="professional" error={profile.error} />;

  const p = data;
  const name = professionalName(p);
  const isOwner = !!user && String(user.id) === p.userId;
  const photo = p.profileImageUrl || p.user.profileImageUrl;
  const educationLines = (p.education ?? '').split('\n').map((l) => l.trim()).filter(Boolean);
  const certificationLines = (p.certifications ?? '').split('\n').map((l) => l.trim()).filter(Boolean);

  return (
    <Container size="lg" py="xl">
      {/* Header */}
      <Card withBorder radius="md" padding="lg" mb="lg">
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Box pos="relative">
            <Avatar src={photo || null} size={112} radius={112} color="teal" alt={name}>
              {(p.user.firstName ?? name).charAt(0)}
            </Avatar>
            {isOwner && (
              <Tooltip label="Change Photo">
                <ActionIcon
                  pos="absolute"
                  bottom={0}
                  right={0}
                  radius="xl"
                  variant="filled"
                  aria-label="Change Photo"
                  onClick={() => setDialog('photo')}
                >
                  <IconCamera size={16} />
                </ActionIcon>
              </Tooltip>
            )}
          </Box>
          <Stack gap={6} style={{ flex: 1, minWidth: 240 }}>
            <Title order={1} size="h2">
              {name}
            </Title>
            <Text c="teal.8" fw={500}>
              {p.specialty} · {professionalTypeLabels[p.professionalType]}
            </Text>
            <Group gap={6} wrap="wrap" aria-label="Countries of practice">
              <IconWorld size={16} aria-hidden />
              {p.countries.map((c) => (
                <Badge key={c} variant="outline" color="gray" size="sm" tt="none">
                  {c}
                </Badge>
              ))}
              {isOwner && (
                <ActionIcon variant="subtle" size="sm" aria-label="Edit Countries" onClick={() => setDialog('countries')}>
                  <IconEdit size={14} />
                </ActionIcon>
              )}
            </Group>
            <RatingSummary average={p.averageRating} count={p.reviewCount} />
            <Group gap={6}>
              {p.isVerified && (
                <Badge color="blue" leftSection={<IconRosetteDiscountCheck size={12} />}>
                  Verified
                </Badge>
              )}
              {p.isApproved ? <Badge color="teal">Approved</Badge> : <ProfileStatusBadge status={p.status} />}
            </Group>
            {isOwner && p.status === 'rejected' && p.rejectionReason && (
              <Text size="sm" c="red.8">
                Reason: {p.rejectionReason}
              </Text>
            )}
          </Stack>
        </Group>
      </Card>

      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <SectionCard title="About" id="about-heading">
              <Text style={{ whiteSpace: 'pre-line' }} c={p.bio ? undefined : 'dimmed'}>
                {p.bio || 'No bio available.'}
              </Text>
            </SectionCard>

            <SectionCard title="Education & Training" id="education-heading">
              {educationLines.length ? (
                <LineList lines={educationLines} />
              ) : (
                <Text c="dimmed">No education information available.</Text>
              )}
            </SectionCard>

            {certificationLines.length > 0 && (
              <SectionCard title="Certifications" id="certifications-heading">
                <LineList lines={certificationLines} />
              </SectionCard>
            )}

            <SectionCard title="Affiliated Institutions" id="affiliations-heading">
              {p.institutionAffiliations.length ? (
                <Stack gap="sm">
                  {p.institutionAffiliations.map((a) => (
                    <Group key={a.id} justify="space-between" wrap="nowrap">
                      <Group gap="sm" wrap="nowrap">
                        <IconBuildingHospital size={20} aria-hidden />
                        <div>
                          <Anchor component={Link} to={`/institution/${a.institution.id}`} fw={600}>
                            {a.institution.name}
                          </Anchor>
                          <Text size="sm" c="dimmed">
                            {institutionTypeLabel(a.institution.type)}
                          </Text>
                        </div>
                      </Group>
                      {a.role && <Badge variant="light">{a.role}</Badge>}
                    </Group>
                  ))}
                </Stack>
              ) : (
                <Text c="dimmed">No affiliated institutions.</Text>
              )}
            </SectionCard>

            <ReviewsSection reviews={reviews.data} isLoading={reviews.isLoading} sort={reviewOrder} onSortChange={setReviewOrder} />
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <SectionCard title="Availability" id="availability-heading">
              <ScheduleSection target={{ professionalId: p.id }} signedIn={isAuthenticated} onPick={book} />
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
                  <Button variant="light" fullWidth leftSection={<IconWorld size={16} />} onClick={() => setDialog('countries')}>
                    Update Countries
                  </Button>
                </Stack>
              ) : p.licenceRenewalPending ? (
                // Issue 18: every Nigerian licence has expired; the server refuses new bookings too.
                <Text role="status" c="orange.8" fw={500}>
                  {LICENCE_RENEWAL_PENDING}
                </Text>
              ) : (
                <BookingActions signedIn={isAuthenticated} canReview={user?.userType === 'patient'} onBook={() => book()} onReview={() => setDialog('review')} />
              )}
            </SectionCard>

            <SectionCard title="Contact" id="contact-heading">
              <Stack gap="sm">
                <InfoRow label="Phone" icon={<IconPhone size={16} aria-hidden />} value={p.phone} />
                {/* D18: the public contact e-mail only; the sign-in e-mail is never shown. */}
                <InfoRow label="Email" icon={<IconMail size={16} aria-hidden />} value={p.contactEmail} />
                <InfoRow
                  label="Address"
                  icon={<IconMapPin size={16} aria-hidden />}
                  value={[p.address, placeLine(p.city, p.state, p.zipCode)].filter(Boolean).join(', ')}
                />
                {!p.phone && !p.contactEmail && !p.address && !p.city && (
                  <Text size="sm" c="dimmed">
                    No contact details listed.
                  </Text>
                )}
              </Stack>
            </SectionCard>

            <SectionCard title="Details" id="details-heading">
              <Stack gap="sm">
                <InfoRow label="License Number" value={p.licenseNumber || 'Not provided'} />
                <InfoRow
                  label="Years of Experience"
                  value={`${p.yearsOfExperience} ${p.yearsOfExperience === 1 ? 'year' : 'years'}`}
                />
                <InfoRow label="Specialty" value={p.specialty} />
                <InfoRow label="Consultation Fee" value={p.consultationFee != null ? formatNaira(p.consultationFee) : null} />
                <InfoRow label="Languages" value={p.languages} />
                <InfoRow label="Countries" value={p.countries.join(', ')} />
              </Stack>
            </SectionCard>
          </Stack>
        </Grid.Col>
      </Grid>

      <WhenOpened opened={dialog === 'book'}>
        <BookAppointmentDialog opened={dialog === 'book'} onClose={close} initialSlot={slot} professionalId={p.id} providerName={name} />
      </WhenOpened>
      <WhenOpened opened={dialog === 'review'}>
        <WriteReviewDialog opened={dialog === 'review'} onClose={close} professionalId={p.id} />
      </WhenOpened>
      {isOwner && (
        <>
          <WhenOpened opened={dialog === 'photo'}>
            <PhotoDialog opened={dialog === 'photo'} onClose={close} owner="professional" currentUrl={p.profileImageUrl} />
          </WhenOpened>
          <WhenOpened opened={dialog === 'countries'}>
            <CountriesDialog opened={dialog === 'countries'} onClose={close} current={p.countries} licences={p.countryLicenses} professionalType={p.professionalType} />
          </WhenOpened>
        </>
      )}
    </Container>
  );
}
