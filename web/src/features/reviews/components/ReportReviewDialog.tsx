import { useState } from 'react';
import { NativeSelect, Textarea } from '@mantine/core';
import { REPORT_REASON_MESSAGE, REVIEW_REPORT_REASONS, reviewReportReasonLabels, type ReviewReportReason } from '@ilera/contracts';
import { toast } from '../../../lib/toast';
import { dialogClosers, dialogOutcome } from '../../../components/dialog-parts';
import { useReportReview } from '../api/report-review';
import { failedToast, ReviewActionDialog } from './ReviewActionDialog';

const reasonOptions = [
  { value: '', label: 'Choose a reason', disabled: true },
  ...REVIEW_REPORT_REASONS.map((value) => ({ value, label: reviewReportReasonLabels[value] })),
];

/** Report a review (D27): a reason from the short list and, optionally, a few words for the moderator. */
export function ReportReviewDialog({ reviewId, onClose }: { reviewId: number | null; onClose: () => void }) {
  const [reason, setReason] = useState<ReviewReportReason | ''>('');
  const [details, setDetails] = useState('');
  const report = useReportReview();
  const { done, close } = dialogClosers(
    report.isPending,
    () => {
      setReason('');
      setDetails('');
    },
    onClose,
  );

  const submit = () => {
    if (!reason || reviewId == null) {
      toast({ title: 'Error', description: REPORT_REASON_MESSAGE, variant: 'destructive' });
      return;
    }
    report.mutate(
      { reviewId, reason, details: details.trim() || null },
      dialogOutcome(
        { title: 'Review Reported', description: 'Thank you. A moderator will look at this review.' },
        done,
        failedToast('Failed to report the review. Please try again.'),
      ),
    );
  };

  return (
    <ReviewActionDialog
      title="Report this review"
      intro="A moderator reads every report. Reviews that break our rules are hidden."
      opened={reviewId != null}
      onClose={close}
      onSubmit={submit}
      pending={report.isPending}
      canSubmit={!!reason}
      submitLabel="Report"
      submitColor="red"
    >
      <NativeSelect label="Reason" data={reasonOptions} value={reason} onChange={(e) => setReason(e.currentTarget.value as ReviewReportReason)} required />
      <Textarea label="Details (optional)" autosize minRows={2} maxLength={500} value={details} onChange={(e) => setDetails(e.currentTarget.value)} />
    </ReviewActionDialog>
  );
}
