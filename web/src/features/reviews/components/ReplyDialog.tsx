import { useState } from 'react';
import { Textarea } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { dialogClosers, dialogOutcome } from '../../../components/dialog-parts';
import type { ProviderKind } from '../../profiles/api/types';
import { useReplyToReview } from '../api/reply-to-review';
import { ReviewActionDialog, useFailedToast, WithReviewActionMessages } from './ReviewActionDialog';

const REPLY_MAX = 2000;

type ReplyProps = { kind: ProviderKind; providerId: number | string; reviewId: number | null; onClose: () => void };

/** The reviewed provider's one public reply (D27), shown under the review. Issue 50: in the page's language. */
export function ReplyDialog(props: ReplyProps) {
  return (
    <WithReviewActionMessages>
      <Reply {...props} />
    </WithReviewActionMessages>
  );
}

function Reply({ kind, providerId, reviewId, onClose }: ReplyProps) {
  const { t } = useLingui();
  const failedToast = useFailedToast();
  const [body, setBody] = useState('');
  const reply = useReplyToReview(kind, providerId);
  const { done, close } = dialogClosers(reply.isPending, () => setBody(''), onClose);

  const submit = () => {
    if (reviewId == null || !body.trim()) return;
    reply.mutate(
      { reviewId, body: body.trim() },
      dialogOutcome(
        { title: t`Reply Posted`, description: t`Your reply is shown under the review.` },
        done,
        failedToast(t`Failed to post the reply. Please try again.`),
      ),
    );
  };

  return (
    <ReviewActionDialog
      title={t`Reply to this review`}
      intro={t`Your reply is public and you can reply only once. Never mention anything about the patient's health or visit.`}
      opened={reviewId != null}
      onClose={close}
      onSubmit={submit}
      pending={reply.isPending}
      canSubmit={!!body.trim()}
      submitLabel={t`Post Reply`}
    >
      <Textarea
        label={t`Your reply`}
        autosize
        minRows={4}
        maxLength={REPLY_MAX}
        description={`${body.length}/${REPLY_MAX}`}
        value={body}
        onChange={(e) => setBody(e.currentTarget.value)}
      />
    </ReviewActionDialog>
  );
}
