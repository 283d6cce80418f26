import type { ReactNode } from 'react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Button, Modal, Stack, Text } from '@mantine/core';
import {
  ALREADY_REPLIED_MESSAGE,
  ALREADY_REPORTED_MESSAGE,
  OWN_REVIEW_REPORT_MESSAGE,
  REPLY_NOT_YOURS_MESSAGE,
  REPORT_REASON_MESSAGE,
  REVIEW_NOT_FOUND,
} from '@ilera/contracts';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { DialogButtons } from '../../../components/dialog-parts';
import { partMessages } from '../../../i18n/with-messages';
import { useSaid } from '../../../i18n/said';

/**
 * Issue 50 (decision 046): the reply and report dialogs' texts are a catalog of their own (profile-later.po), fetched
 * with their code when one first opens: few visitors open them, and a profile's first load has little room left.
 */
export const WithReviewActionMessages = partMessages((locale) => import(`../../../locales/${locale}/profile-later.po`));

/** The server's messages these dialogs may show (the API answers them in English), in the page's language. */
const serverMessages = new Map([
  [ALREADY_REPLIED_MESSAGE, msg`You have already replied to this review`],
  [REPLY_NOT_YOURS_MESSAGE, msg`Only the provider reviewed can reply to this review`],
  [ALREADY_REPORTED_MESSAGE, msg`You have already reported this review`],
  [OWN_REVIEW_REPORT_MESSAGE, msg`You cannot report your own review`],
  [REPORT_REASON_MESSAGE, msg`Please choose a reason for reporting this review`],
  [REVIEW_NOT_FOUND, msg`Review not found`],
]);

/** A known server message in the page's language; English, and any other message, as the server said it. */
export const useReviewSaid = () => useSaid(serverMessages);

/** What a review action's dialog shows when its call fails: the server's message, or `fallback`. */
export function useFailedToast(): (fallback: string) => (error: Error) => void {
  const { t } = useLingui();
  const said = useReviewSaid();
  return (fallback) => (error) => toast({ title: t`Error`, description: said(errorMessage(error, fallback)), variant: 'destructive' });
}

/** The frame of the dialogs acting on one review (report, reply): a short explanation, the fields, Cancel and the action. */
export function ReviewActionDialog(p: {
  title: string;
  intro: string;
  opened: boolean;
  onClose: () => void;
  onSubmit: () => void;
  pending: boolean;
  canSubmit: boolean;
  submitLabel: string;
  submitColor?: string;
  children: ReactNode;
}) {
  return (
    <Modal opened={p.opened} onClose={p.onClose} title={p.title} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          p.onSubmit();
        }}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {p.intro}
          </Text>
          {p.children}
          <DialogButtons onCancel={p.onClose} pending={p.pending}>
            <Button type="submit" color={p.submitColor} loading={p.pending} disabled={!p.canSubmit}>
              {p.submitLabel}
            </Button>
          </DialogButtons>
        </Stack>
      </form>
    </Modal>
  );
}
