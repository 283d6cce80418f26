// Issue 50: contracts' reviewReportReasonLabels (the spec's English, word for word) in the page's language, for the
// report dialog (profile-later.po) and the admin's moderation queue (dashboard.po): this file's messages are in both
// catalogs (web/lingui.config.ts), each fetched with the part that draws them.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ReviewReportReason } from '@ilera/contracts';

export const reportReasonText: Record<ReviewReportReason, MessageDescriptor> = {
  spam: msg`Spam or advertising`,
  offensive: msg`Offensive or abusive`,
  false: msg`False or misleading`,
  no_visit: msg`Not based on a real visit`,
  private_information: msg`Shares private information`,
  other: msg`Something else`,
};
