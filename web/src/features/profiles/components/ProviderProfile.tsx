import { lazy, Suspense, useDeferredValue, useState, type ReactNode } from 'react';
import { ActionIcon, Anchor, Badge, Box, Button, Card, Container, Grid, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCamera, IconClockEdit, IconEdit, IconExternalLink, IconMail, IconMapPin, IconPhone, IconRosetteDiscountCheck } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import type { I18n } from '@lingui/core';
import { useAuth } from '../../auth/api/use-auth';
import { ProviderPhoto } from '../../../components/ProviderPhoto';
import { OfflineAlert } from '../../../components/OfflineAlert';
import { SaveProviderButton } from '../../saved/components/SaveProviderButton';
import { ScheduleSection, type PickedSlot } from '../../appointments/components/ScheduleSection';
import { useReviews } from '../api/get-reviews';
import type { Institution, Professional } from '@ilera/contracts';
import type { ProviderKind, ReviewOrder } from '../api/types';
import { BookAppointmentDialog, CareFactsDialog, PhotoDialog, WhenOpened, WriteReviewDialog } from './ProfileDialogs';
import { BookingActions, InfoRow, placeLine, ReviewAction, SectionCard, useBookOnReturn } from './ProfileParts';
import { ProfileSkeleton } from './ProfileSkeleton';
import { ProfileStatusBadge } from './ProfileStatusBadge';
import { RatingSummary } from './RatingSummary';
import { ReviewsSection } from './ReviewsSection';

// A profile not found, or refused by the limit: a part of its own, fetched when shown (issue 50: its words in each
// language come with it, profile-later.po; the profile page's first load has no room for them).
const NotFound = lazy(() => import('./ProfileNotFound').then((m) => ({ default: m.ProfileNotFound })));
const ProfileNotFound = (props: { kind: ProviderKind; error?: unknown }) => (
  <Suspense fallback={null}>
    <NotFound {...props} />
  </Suspense>
);

type Provider = Professional | Institution;

/** What the page asks of its kind; the rest of the page is the same for both. */
export interface ProfileView {
  name: string;
  photo: string | null;
  avatar: { radius: number | string; placeholder: ReactNode };
  subtitle: ReactNode;
  /** Under the subtitle (a professional's countries of practice). */
  headerExtra?: ReactNode;
  about: { text: string | null; empty: string };
  /** The main column's sections between About and the reviews. */
  sections: ReactNode;
  /** The owner's quick actions after Edit Profile and Change Photo. */
  ownerActions?: ReactNode;
  /** Issue 18: every Nigerian licence or registration has expired; visitors see why they cannot book. */
  renewalPending?: boolean;
  /** Under the header's badges (issue 33: a register listing's source and date). */
  banner?: ReactNode;
  /** Issue 33: not bookable at all (an unclaimed register listing): what visitors see instead of availability and booking. */
  notBookable?: ReactNode;
  contact: {
    title: string;
    phone: string | null;
    email: string | null;
    website?: string | null;
    address: string | null;
    city: string | null;
    state: string | null;
    zipCode: string | null;
    /** Issue 33 (D23): directions, for a profile with coordinates. */
    directions?: ReactNode;
  };
  details: { title: string; rows: [label: string, value: ReactNode][] };
  /** The owner's own dialogs (a professional's countries). */
  ownerDialogs?: ReactNode;
}

/** What a kind's view may use: whether the visitor owns the profile, and the page's dialog state. */
export interface ViewContext {
  /** The page's language's messages (issue 50): `i18n._(msg\`...\`)` in a view. */
  i18n: I18n;
  isOwner: boolean;
  dialog: string | null;
  open: (dialog: string) => void;
  close: () => void;
}

/**
 * /professional/{id} and /institution/{id} (spec §2 profiles): header, About, the kind's
 * sections, reviews, availability, quick actions, contact and details. Reads PostgreSQL
 * through the API, never the search index.
 */
export function ProviderProfilePage<T extends Provider>({
  kind,
  useProfile,
  view,
}: {
  kind: ProviderKind;
  useProfile: (id: string) => UseQueryResult<T>;
  view: (profile: T, context: ViewContext) => ProfileView;
}) {
  const { id = '' } = useParams();
  const validId = /^\d+$/.test(id);
  const { user, isAuthenticated } = useAuth();
  const { t, i18n } = useLingui();
  const profile = useProfile(id);
  const [reviewOrder, setReviewOrder] = useState<ReviewOrder>('newest');
  const reviews = useReviews(kind, id, validId && profile.isSuccess, reviewOrder);
  const [dialog, setDialog] = useState<string | null>(null);
  const [slot, setSlot] = useState<PickedSlot | null>(null);
  const book = (picked?: PickedSlot) => {
    setSlot(picked ?? null);
    // Issue 35: a booking is never faked offline; it says so, and can be tried again.
    setDialog(navigator.onLine ? 'book' : 'offline');
  };
  useBookOnReturn(isAuthenticated, book);
  const close = () => setDialog(null);
  // The profile arrives outside any event: as a deferred value it renders as a
  // transition, in slices a slow phone can interrupt, with the skeleton shown meanwhile.
  const data = useDeferredValue(profile.data);

  if (!validId) return <ProfileNotFound kind={kind} />;
  if (profile.isLoading || (profile.data && !data)) return <ProfileSkeleton />;
  if (profile.isError || !data) return <ProfileNotFound kind={kind} error={profile.error} />;

  const p = data;
  const isOwner = !!user && String(user.id) === p.userId;
  const isAdmin = user?.userType === 'admin';
  const rejectionReason = p.rejectionReason;
  const v = view(p, { i18n, isOwner, dialog, open: setDialog, close });
  const target = kind === 'professional' ? { professionalId: p.id } : { institutionId: p.id };

  return (
    <Container size="lg" py="xl">
      <Card withBorder radius="md" padding="lg" mb="lg">
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Box pos="relative">
            <ProviderPhoto src={v.photo} provider={{ kind, id: p.id }} name={v.name} size={112} radius={v.avatar.radius}>
              {v.avatar.placeholder}
            </ProviderPhoto>
            {isOwner && (
              <Tooltip label={t`Change Photo`}>
                <ActionIcon pos="absolute" bottom={0} right={0} radius="xl" aria-label={t`Change Photo`} onClick={() => setDialog('photo')}>
                  <IconCamera size={16} />
                </ActionIcon>
              </Tooltip>
            )}
          </Box>
          <Stack gap={6} style={{ flex: 1, minWidth: 240 }}>
            <Group justify="space-between" align="flex-start" gap="xs">
              <Title order={1} size="h2">
                {v.name}
              </Title>
              <SaveProviderButton target={{ kind, id: p.id }} name={v.name} />
            </Group>
            <Text c="teal.8" fw={500}>
              {v.subtitle}
            </Text>
            {v.headerExtra}
            <RatingSummary average={p.averageRating} count={p.reviewCount} />
            <Group gap={6}>
              {p.isVerified && (
                <Badge color="blue" leftSection={<IconRosetteDiscountCheck size={12} />}>
                  <Trans>Verified</Trans>
                </Badge>
              )}
              {/* An unclaimed register listing (issue 33) was imported, not checked: no "Approved". */}
              {'listed' in p && p.listed ? null : p.isApproved ? (
                <Badge color="teal">
                  <Trans>Approved</Trans>
                </Badge>
              ) : <ProfileStatusBadge status={p.status} />}
            </Group>
            {isOwner && p.status === 'rejected' && p.rejectionReason && (
              <Text size="sm" c="red.8">
                <Trans>Reason: {rejectionReason}</Trans>
              </Text>
            )}
            {v.banner}
          </Stack>
        </Group>
      </Card>

      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <SectionCard title={t({ message: 'About', context: 'a provider profile section' })} id="about-heading">
              <Text style={{ whiteSpace: 'pre-line' }} c={v.about.text ? undefined : 'dimmed'}>
                {v.about.text || v.about.empty}
              </Text>
            </SectionCard>
            {v.sections}
            <ReviewsSection
              reviews={reviews.data}
              isLoading={reviews.isLoading}
              sort={reviewOrder}
              onSortChange={setReviewOrder}
              viewer={{ kind, providerId: p.id, signedIn: isAuthenticated, isProviderOwner: isOwner }}
            />
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            {!v.notBookable && (
              <SectionCard title={t`Availability`} id="availability-heading">
                <ScheduleSection target={target} signedIn={isAuthenticated} onPick={book} />
              </SectionCard>
            )}
            <SectionCard title={t`Quick Actions`} id="actions-heading">
              {dialog === 'offline' && <OfflineAlert onRetry={() => book(slot ?? undefined)} />}
              {isOwner ? (
                <Stack gap="xs">
                  <Button component={Link} to="/profile-setup" fullWidth leftSection={<IconEdit size={16} />}>
                    <Trans>Edit Profile</Trans>
                  </Button>
                  <Button variant="light" fullWidth leftSection={<IconCamera size={16} />} onClick={() => setDialog('photo')}>
                    <Trans>Change Photo</Trans>
                  </Button>
                  {v.ownerActions}
                </Stack>
              ) : v.notBookable ? (
                <Stack gap="xs">
                  {v.notBookable}
                  {/* Issue 48 (D22): a listing is reviewable; the booking actions it lacks held the only "Write Review". */}
                  <ReviewAction signedIn={isAuthenticated} canReview={user?.userType === 'patient'} onReview={() => setDialog('review')} />
                </Stack>
              ) : (
                <BookingActions
                  signedIn={isAuthenticated}
                  canReview={user?.userType === 'patient'}
                  onBook={() => book()}
                  onReview={() => setDialog('review')}
                  renewalPending={v.renewalPending}
                />
              )}
              {/* Issue 45: an administrator edits any provider's care facts here. */}
              {isAdmin && (
                <Button variant="light" fullWidth mt="xs" leftSection={<IconClockEdit size={16} />} onClick={() => setDialog('care')}>
                  <Trans>Edit Care Facts</Trans>
                </Button>
              )}
            </SectionCard>

            <SectionCard title={v.contact.title} id="contact-heading">
              <ContactRows contact={v.contact} />
            </SectionCard>

            <SectionCard title={v.details.title} id="details-heading">
              <Stack gap="sm">
                {v.details.rows.map(([label, value]) => (
                  <InfoRow key={label} label={label} value={value} />
                ))}
              </Stack>
            </SectionCard>
          </Stack>
        </Grid.Col>
      </Grid>

      <WhenOpened opened={dialog === 'book' && !v.notBookable}>
        <BookAppointmentDialog opened={dialog === 'book' && !v.notBookable} onClose={close} initialSlot={slot} {...target} providerName={v.name} />
      </WhenOpened>
      <WhenOpened opened={dialog === 'review'}>
        <WriteReviewDialog opened={dialog === 'review'} onClose={close} {...target} />
      </WhenOpened>
      {isAdmin && (
        <WhenOpened opened={dialog === 'care'}>
          <CareFactsDialog
            opened={dialog === 'care'}
            onClose={close}
            kind={kind}
            id={p.id}
            care={p.care}
            // An owned institution's services are typed in its profile form (spec §2); a listing's and a professional's are the canonical list.
            servicesHere={kind === 'professional' || ('listed' in p && p.listed)}
          />
        </WhenOpened>
      )}
      {isOwner && (
        <>
          <WhenOpened opened={dialog === 'photo'}>
            <PhotoDialog opened={dialog === 'photo'} onClose={close} owner={kind} currentUrl={p.profileImageUrl} />
          </WhenOpened>
          {v.ownerDialogs}
        </>
      )}
    </Container>
  );
}

/** Phone, public e-mail (D18: never the sign-in e-mail), website and address; a line when there are none. */
function ContactRows({ contact: c }: { contact: ProfileView['contact'] }) {
  const { t } = useLingui();
  return (
    <Stack gap="sm">
      <InfoRow label={t`Phone`} icon={<IconPhone size={16} aria-hidden />} value={c.phone} />
      <InfoRow label={t`Email`} icon={<IconMail size={16} aria-hidden />} value={c.email} />
      <InfoRow
        label={t`Website`}
        icon={<IconExternalLink size={16} aria-hidden />}
        value={
          c.website ? (
            <Anchor href={c.website} target="_blank" rel="noopener noreferrer nofollow">
              {c.website.replace(/^https?:\/\//, '')}
            </Anchor>
          ) : null
        }
      />
      <InfoRow
        label={t`Address`}
        icon={<IconMapPin size={16} aria-hidden />}
        value={[c.address, placeLine(c.city, c.state, c.zipCode)].filter(Boolean).join(', ')}
      />
      {c.directions}
      {!c.phone && !c.email && !c.website && !c.address && !c.city && (
        <Text size="sm" c="dimmed">
          <Trans>No contact details listed.</Trans>
        </Text>
      )}
    </Stack>
  );
}
