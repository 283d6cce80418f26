import { Badge, Card, Divider, Group, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconRosetteDiscountCheck } from '@tabler/icons-react';
import { formatLagosDate, reviewerDisplayName } from '@ilera/contracts';
import type { Review } from '@ilera/contracts';
import type { ReviewOrder } from '../api/types';
import { Stars } from '../../../components/Stars';

/**
 * Patient Reviews: stars, reviewer (first name + last initial), date, comment; 'No reviews yet.'.
 * A review by a patient with a completed appointment says "Verified visit"; the list can
 * put those first (D19).
 */
export function ReviewsSection({
  reviews,
  isLoading,
  sort,
  onSortChange,
}: {
  reviews: Review[] | undefined;
  isLoading: boolean;
  sort: ReviewOrder;
  onSortChange: (sort: ReviewOrder) => void;
}) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="reviews-heading">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h4" id="reviews-heading">
          Patient Reviews
        </Title>
        {reviews && reviews.length > 1 && (
          <SegmentedControl
            size="xs"
            aria-label="Order of reviews"
            value={sort}
            onChange={(value) => onSortChange(value as ReviewOrder)}
            data={[
              { value: 'newest', label: 'Newest' },
              { value: 'verified', label: 'Verified first' },
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
        <Text c="dimmed">No reviews yet.</Text>
      ) : (
        <Stack gap="md">
          {reviews.map((review, index) => (
            <div key={review.id}>
              {index > 0 && <Divider mb="md" />}
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                <Group gap="sm">
                  <Stars value={review.rating} label={`${review.rating} out of 5 stars`} />
                  <Text fw={600} size="sm">
                    {reviewerDisplayName(review.reviewer.firstName, review.reviewer.lastName)}
                  </Text>
                  {review.verifiedVisit && (
                    <Badge color="teal" variant="light" size="sm" leftSection={<IconRosetteDiscountCheck size={12} aria-hidden />}>
                      Verified visit
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {formatLagosDate(review.createdAt)}
                </Text>
              </Group>
              {review.comment && (
                <Text size="sm" mt={6} style={{ whiteSpace: 'pre-line' }}>
                  {review.comment}
                </Text>
              )}
            </div>
          ))}
        </Stack>
      )}
    </Card>
  );
}
