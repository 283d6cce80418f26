import { Badge, Card, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconRosetteDiscountCheck } from '@tabler/icons-react';
import { formatLagosDate, reviewerDisplayName } from '@ilera/contracts';
import type { Review } from '../api/types';
import { Stars } from '../../../components/Stars';

/** Patient Reviews: stars, reviewer (first name + last initial), date, comment; 'No reviews yet.'. */
export function ReviewsSection({ reviews, isLoading }: { reviews: Review[] | undefined; isLoading: boolean }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="reviews-heading">
      <Title order={2} size="h4" id="reviews-heading" mb="sm">
        Patient Reviews
      </Title>
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
                  {review.isVerifiedPatient && (
                    <Badge color="teal" variant="light" size="sm" leftSection={<IconRosetteDiscountCheck size={12} aria-hidden />}>
                      Verified patient
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
