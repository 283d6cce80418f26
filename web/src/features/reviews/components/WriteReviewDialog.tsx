import { useState } from 'react';
import { Button, Modal, Rating, Stack, Text, Textarea } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { isRateLimitedError, rateLimitedMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { DialogButtons, dialogClosers, dialogOutcome, providerIds } from '../../../components/dialog-parts';
import { useCreateReview } from '../api/create-review';

export interface WriteReviewDialogProps {
  opened: boolean;
  onClose: () => void;
  professionalId?: number;
  institutionId?: number;
}

const COMMENT_MAX = 2000;

/**
 * Write review (spec §2 Dialogs, §5): a 1-5 star rating (required: submit stays
 * disabled until one is chosen) and a free-text comment. A second review of the same
 * provider replaces the first. Success closes, resets and refreshes the list.
 */
export default function WriteReviewDialog({ opened, onClose, professionalId, institutionId }: WriteReviewDialogProps) {
  const { t } = useLingui();
  // contracts' RATING_MESSAGE in English (the spec's words, as the API says them), in the page's language otherwise.
  const ratingMessage = t`Please select a rating before submitting your review.`;
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const create = useCreateReview();

  const reset = () => {
    setRating(0);
    setComment('');
  };
  const { done, close } = dialogClosers(create.isPending, reset, onClose);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (rating < 1) {
      toast({ title: t`Error`, description: ratingMessage, variant: 'destructive' });
      return;
    }
    create.mutate(
      { rating, comment: comment.trim() || null, ...providerIds({ professionalId, institutionId }) },
      dialogOutcome(
        { title: t`Review Submitted`, description: t`Thank you for your feedback!` },
        done,
        (error) => {
          const description = isRateLimitedError(error) ? rateLimitedMessage(error) : t`Failed to submit review. Please try again.`;
          toast({ title: t`Error`, description, variant: 'destructive' });
        },
      ),
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t`Write a Review`} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <div>
            <Text size="sm" fw={500} mb={6} id="review-rating-label">
              {t`Rating`}
            </Text>
            <Rating
              value={rating}
              onChange={setRating}
              size="xl"
              aria-labelledby="review-rating-label"
              getSymbolLabel={(value) => t`${plural(value, { one: '# star', other: '# stars' })}`}
            />
          </div>
          <Textarea
            label={t`Comment`}
            placeholder={t`Share your experience to help other patients`}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
            autosize
            minRows={4}
            maxLength={COMMENT_MAX}
            description={`${comment.length}/${COMMENT_MAX}`}
          />
          <DialogButtons onCancel={close} pending={create.isPending}>
            {/* Spec §5: disabled until a rating is chosen; a click on it still explains why. */}
            <span onClick={() => rating < 1 && toast({ title: t`Error`, description: ratingMessage, variant: 'destructive' })}>
              <Button type="submit" loading={create.isPending} disabled={rating < 1}>
                {t`Submit Review`}
              </Button>
            </span>
          </DialogButtons>
        </Stack>
      </form>
    </Modal>
  );
}
