import { lazy, useState } from 'react';
import { Alert, Badge, Box, Button, Card, Divider, Group, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconEyeOff, IconRosetteDiscountCheck } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { reviewerDisplayName } from '@ilera/contracts';
import { dateIn } from '../../../i18n/dates';
import { useLocale } from '../../../i18n/use-locale';
import type { Review } from '@ilera/contracts';
import type { ProviderKind, ReviewOrder } from '../api/types';
import { Stars } from '../../../components/Stars';
import { WhenOpened } from './ProfileDialogs';

// Fetched when first opened, as the page's other dialogs (ProfileDialogs).
const ReportReviewDialog = lazy(() => import('../../reviews/components/ReportReviewDialog').then((m) => ({ default: m.ReportReviewDialog })));
const ReplyDialog = lazy(() => import('../../reviews/components/ReplyDialog').then((m) => ({ default: m.ReplyDialog })));

/** Who is reading: what they may do with each review (D27). */
export interface ReviewViewer {
  kind: ProviderKind;
  providerId: number;
  /** Any signed-in account may report a review. */
  signedIn: boolean;
  /** The reviewed profile's owner may reply once to each review. */
  isProviderOwner: boolean;
}

/**
 * Patient Reviews: stars, reviewer (first name + last initial), date, comment; 'No reviews yet.'.
 * A review by a patient with a completed appointment says "Verified visit"; the list can
 * put those first (D19). Under a review, the provider's reply; signed-in readers can report
 * a review, the provider can reply once; the author of a hidden review sees why (D27).
 */
export function ReviewsSection({
  reviews,
  isLoading,
  sort,
  onSortChange,
  viewer,
}: {
  reviews: Review[] | undefined;
  isLoading: boolean;
  sort: ReviewOrder;
  onSortChange: (sort: ReviewOrder) => void;
  viewer?: ReviewViewer;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const [reporting, setReporting] = useState<number | null>(null);
  const [replying, setReplying] = useState<number | null>(null);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="reviews-heading">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h4" id="reviews-heading">
          {t`Patient Reviews`}
        </Title>
        {reviews && reviews.length > 1 && (
          <SegmentedControl
            size="xs"
            aria-label={t`Order of reviews`}
            value={sort}
            onChange={(value) => onSortChange(value as ReviewOrder)}
            data={[
              { value: 'newest', label: t`Newest` },
              { value: 'verified', label: t`Verified first` },
            ]}
          />
        )}
      </Group>
      {isLoading ? (
        <Stack gap="sm">
          <Skeleton height={16} width="40%" />
          <Skeleton height={40} />
        </Stack>
      ) : !reviews || reviews.length === 0 ? (
        <Text c="dimmed">{t`No reviews yet.`}</Text>
      ) : (
        <Stack gap="md">
          {reviews.map((review, index) => {
            const rating = review.rating;
            const reviewer = reviewerDisplayName(review.reviewer.firstName, review.reviewer.lastName);
            const reason = review.hiddenReason;
            const replied = review.reply ? dateIn(locale, review.reply.createdAt) : '';
            return (
            <div key={review.id}>
              {index > 0 && <Divider mb="md" />}
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                <Group gap="sm">
                  <Stars value={rating} label={t`${rating} out of 5 stars`} />
                  <Text fw={600} size="sm">
                    {reviewer}
                  </Text>
                  {review.verifiedVisit && (
                    <Badge color="teal" variant="light" size="sm" leftSection={<IconRosetteDiscountCheck size={12} aria-hidden />}>
                      {t`Verified visit`}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {dateIn(locale, review.createdAt)}
                </Text>
              </Group>
              {review.comment && (
                <Text size="sm" mt={6} style={{ whiteSpace: 'pre-line' }}>
                  {review.comment}
                </Text>
              )}
              {review.hiddenReason && (
                <Alert mt="xs" color="orange" variant="light" icon={<IconEyeOff size={16} aria-hidden />} title={t`Only you can see this review`}>
                  {t`Hidden by a moderator: ${reason}`}
                </Alert>
              )}
              {review.reply && (
                <Box mt="xs" ml="md" pl="sm" style={{ borderLeft: '3px solid var(--mantine-color-teal-3)' }} aria-label={t`Reply from the provider`}>
                  <Text size="xs" fw={600} c="teal.8">
                    {t`Reply from the provider · ${replied}`}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                    {review.reply.body}
                  </Text>
                </Box>
              )}
              {viewer && !review.hiddenReason && (viewer.signedIn || viewer.isProviderOwner) && (
                <Group gap="xs" mt={4}>
                  {viewer.isProviderOwner && !review.reply && (
                    <Button size="compact-xs" variant="subtle" onClick={() => setReplying(review.id)}>
                      {t`Reply`}
                    </Button>
                  )}
                  {viewer.signedIn && !review.mine && (
                    <Button size="compact-xs" variant="subtle" color="gray" onClick={() => setReporting(review.id)} aria-label={t`Report review by ${reviewer}`}>
                      {t`Report`}
                    </Button>
                  )}
                </Group>
              )}
            </div>
            );
          })}
        </Stack>
      )}
      {viewer && (
        <>
          <WhenOpened opened={reporting != null}>
            <ReportReviewDialog reviewId={reporting} onClose={() => setReporting(null)} />
          </WhenOpened>
          <WhenOpened opened={replying != null}>
            <ReplyDialog kind={viewer.kind} providerId={viewer.providerId} reviewId={replying} onClose={() => setReplying(null)} />
          </WhenOpened>
        </>
      )}
    </Card>
  );
}
