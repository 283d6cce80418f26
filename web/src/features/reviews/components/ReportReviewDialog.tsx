import { useState } from 'react';
import { NativeSelect, Textarea } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { REPORT_REASON_MESSAGE, REVIEW_REPORT_REASONS, type ReviewReportReason } from '@ilera/contracts';
import { toast } from '../../../lib/toast';
import { dialogClosers, dialogOutcome } from '../../../components/dialog-parts';
import { useReportReview } from '../api/report-review';
import { reportReasonText } from '../report-reasons';
import { ReviewActionDialog, useFailedToast, useReviewSaid, WithReviewActionMessages } from './ReviewActionDialog';

type ReportProps = { reviewId: number | null; onClose: () => void };

/** Report a review (D27): a reason from the short list and, optionally, a few words for the moderator. Issue 50: in the page's language. */
export function ReportReviewDialog(props: ReportProps) {
  return (
    <WithReviewActionMessages>
      <Report {...props} />
    </WithReviewActionMessages>
  );
}

function Report({ reviewId, onClose }: ReportProps) {
  const { t, i18n } = useLingui();
  const said = useReviewSaid();
  const failedToast = useFailedToast();
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
      toast({ title: t`Error`, description: said(REPORT_REASON_MESSAGE), variant: 'destructive' });
      return;
    }
    report.mutate(
      { reviewId, reason, details: details.trim() || null },
      dialogOutcome(
        { title: t`Review Reported`, description: t`Thank you. A moderator will look at this review.` },
        done,
        failedToast(t`Failed to report the review. Please try again.`),
      ),
    );
  };

  const reasonOptions = [
    { value: '', label: t`Choose a reason`, disabled: true },
    ...REVIEW_REPORT_REASONS.map((value) => ({ value, label: i18n._(reportReasonText[value]) })),
  ];

  return (
    <ReviewActionDialog
      title={t`Report this review`}
      intro={t`A moderator reads every report. Reviews that break our rules are hidden.`}
      opened={reviewId != null}
      onClose={close}
      onSubmit={submit}
      pending={report.isPending}
      canSubmit={!!reason}
      submitLabel={t`Report`}
      submitColor="red"
    >
      <NativeSelect label={t`Reason`} data={reasonOptions} value={reason} onChange={(e) => setReason(e.currentTarget.value as ReviewReportReason)} required />
      <Textarea label={t`Details (optional)`} autosize minRows={2} maxLength={500} value={details} onChange={(e) => setDetails(e.currentTarget.value)} />
    </ReviewActionDialog>
  );
}
