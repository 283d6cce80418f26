import { useState } from 'react';
import { Textarea } from '@mantine/core';
import { dialogClosers, dialogOutcome } from '../../../components/dialog-parts';
import type { ProviderKind } from '../../profiles/api/types';
import { useReplyToReview } from '../api/reply-to-review';
import { failedToast, ReviewActionDialog } from './ReviewActionDialog';

const REPLY_MAX = 2000;

/** The reviewed provider's one public reply (D27), shown under the review. */
export function ReplyDialog({ kind, providerId, reviewId, onClose }: { kind: ProviderKind; providerId: number | string; reviewId: number | null; onClose: () => void }) {
  const [body, setBody] = useState('');
  const reply = useReplyToReview(kind, providerId);
  const { done, close } = dialogClosers(reply.isPending, () => setBody(''), onClose);

  const submit = () => {
    if (reviewId == null || !body.trim()) return;
    reply.mutate(
      { reviewId, body: body.trim() },
      dialogOutcome({ title: 'Reply Posted', description: 'Your reply is shown under the review.' }, done, failedToast('Failed to post the reply. Please try again.')),
    );
  };

  return (
    <ReviewActionDialog
      title="Reply to this review"
      intro="Your reply is public and you can reply only once. Never mention anything about the patient's health or visit."
      opened={reviewId != null}
      onClose={close}
      onSubmit={submit}
      pending={reply.isPending}
      canSubmit={!!body.trim()}
      submitLabel="Post Reply"
    >
      <Textarea
        label="Your reply"
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
