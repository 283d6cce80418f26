import { useEffect, useState } from 'react';
import { Anchor, Badge, Button, Group, Modal, Pagination, Paper, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ModerationItem } from '@ilera/contracts';
import { reportReasonText } from '../../reviews/report-reasons';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { dateIn } from '../../../i18n/dates';
import { dateTimeIn } from '../../../i18n/date-times';
import { useLocale } from '../../../i18n/use-locale';
import { useAdminSaid } from '../said';
import { errorMessage, isUnauthorizedError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { handleUnauthorized } from '../../auth/api/server-errors';
import { Stars } from '../../../components/Stars';
import { MODERATION_PER_PAGE, useModerationQueue, type ModerationStatus } from '../api/get-moderation-queue';
import { useModerateReview, type ModerationAction } from '../api/moderate-review';

const fullName = (p: { firstName: string | null; lastName: string | null }) => [p.firstName, p.lastName].filter(Boolean).join(' ');
const done: Record<ModerationAction, MessageDescriptor> = {
  hide: msg`The review is hidden and its author told by e-mail.`,
  restore: msg`The review is public again.`,
  dismiss: msg`The reports are dismissed; the review stays public.`,
};

/** Hide asks for the reason the review's author will read (D27). */
function HideDialog({ item, loading, onClose, onConfirm }: { item: ModerationItem | null; loading: boolean; onClose: () => void; onConfirm: (reason: string) => void }) {
  const [reason, setReason] = useState('');
  const { t } = useLingui();
  useEffect(() => {
    if (item) setReason('');
  }, [item]);
  return (
    <Modal opened={item != null} onClose={onClose} title={t`Hide this review?`} centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          <Trans>The review leaves the profile and its rating at once. Its author keeps seeing it, with your reason, and is told by e-mail.</Trans>
        </Text>
        <Textarea
          label={t`Reason shown to the author`}
          autosize
          minRows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          required
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button color="red" loading={loading} disabled={!reason.trim()} onClick={() => onConfirm(reason.trim())}>
            <Trans>Hide Review</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function QueueItem({ item, onAct, onHide, pending }: { item: ModerationItem; onAct: (action: ModerationAction) => void; onHide: () => void; pending: boolean }) {
  const { review, provider, hidden, reports } = item;
  const { t } = useLingui();
  const locale = useLocale();
  const name = (p: { firstName: string | null; lastName: string | null }) => fullName(p) || t`Former patient`;
  const reviewer = name(review.reviewer);
  const count = reports.length;
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={t`Review of ${provider.name} by ${reviewer}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="sm">
            <Stars value={review.rating} label={t`${review.rating} out of 5 stars`} />
            <Text fw={600} size="sm">
              {reviewer}
            </Text>
            <Text size="xs" c="dimmed">
              {dateIn(locale, review.createdAt)}
            </Text>
          </Group>
          <Anchor href={`/${provider.kind}/${provider.id}`} target="_blank" rel="noopener noreferrer" size="sm">
            <Group gap={4} component="span">
              {provider.name}
              <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-line' }} c={review.comment ? undefined : 'dimmed'}>
          {review.comment || t`No comment.`}
        </Text>
        {hidden && (
          <Text size="sm" c="orange.8">
            {t`Hidden ${dateTimeIn(locale, hidden.at)}: ${hidden.reason}`}
          </Text>
        )}
        <Stack gap={4}>
          <Text size="xs" fw={600} c="dimmed">
            {t`${plural(count, { one: '# report', other: '# reports' })}`}
          </Text>
          {reports.map((r) => (
            <Group key={r.id} gap="xs" wrap="wrap">
              <Badge variant="light" color="red" size="sm">
                {t(reportReasonText[r.reason])}
              </Badge>
              <Text size="xs" c="dimmed">
                {r.reporter ? name(r.reporter) : t`Deleted account`} · {dateTimeIn(locale, r.createdAt)}
              </Text>
              {r.details && <Text size="xs">“{r.details}”</Text>}
            </Group>
          ))}
        </Stack>
        <Group gap="xs" justify="flex-end">
          {hidden ? (
            <Button size="xs" variant="light" loading={pending} onClick={() => onAct('restore')}>
              <Trans>Restore</Trans>
            </Button>
          ) : (
            <>
              <Button size="xs" variant="default" loading={pending} onClick={() => onAct('dismiss')}>
                <Trans>Dismiss Reports</Trans>
              </Button>
              <Button size="xs" color="red" onClick={onHide}>
                <Trans>Hide</Trans>
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The dashboard's Moderation tab (D27): reported reviews to hide or keep, and hidden ones to restore. */
export function ModerationQueue() {
  const [status, setStatus] = useState<ModerationStatus>('reported');
  const [page, setPage] = useState(1);
  const [hiding, setHiding] = useState<ModerationItem | null>(null);
  const { data, isLoading, isError } = useModerationQueue(status, page);
  const moderate = useModerateReview();
  const { t } = useLingui();
  const said = useAdminSaid();

  const act = (action: ModerationAction, id: number, reason?: string) =>
    moderate.mutate(
      { action, id, reason },
      {
        onSuccess: () => {
          toast({ title: t`Done`, description: t(done[action]) });
          setHiding(null);
        },
        onError: (error) =>
          isUnauthorizedError(error)
            ? handleUnauthorized()
            : toast({ title: t`Error`, description: said(errorMessage(error, t`The action failed. Please try again.`)), variant: 'destructive' }),
      },
    );

  const pages = data ? Math.max(1, Math.ceil(data.total / MODERATION_PER_PAGE)) : 1;
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          <Trans>Reviews people reported, the most recently reported first. Times are West Africa Time (WAT).</Trans>
        </Text>
        <SegmentedControl
          size="xs"
          aria-label={t`Which reviews`}
          value={status}
          onChange={(value) => {
            setStatus(value as ModerationStatus);
            setPage(1);
          }}
          data={[
            { value: 'reported', label: t`Reported` },
            { value: 'hidden', label: t`Hidden` },
          ]}
        />
      </Group>
      {isLoading ? (
        <Text c="dimmed">{t`Loading…`}</Text>
      ) : isError || !data ? (
        <Text c="red">{t`Could not load the moderation queue. Please reload the page.`}</Text>
      ) : data.items.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text ta="center" c="dimmed">
            {status === 'reported' ? t`No reported reviews` : t`No hidden reviews`}
          </Text>
        </Paper>
      ) : (
        <>
          {data.items.map((item) => (
            <QueueItem
              key={item.review.id}
              item={item}
              pending={moderate.isPending && moderate.variables?.id === item.review.id}
              onAct={(action) => act(action, item.review.id)}
              onHide={() => setHiding(item)}
            />
          ))}
          {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} />}
        </>
      )}
      <HideDialog item={hiding} loading={moderate.isPending} onClose={() => setHiding(null)} onConfirm={(reason) => hiding && act('hide', hiding.review.id, reason)} />
    </Stack>
  );
}
