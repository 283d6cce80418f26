import { useState } from 'react';
import { Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useTextTotals } from '../api/get-text-totals';
import { Trans, useLingui } from '@lingui/react/macro';

const channelNames = { sms: 'SMS', whatsapp: 'WhatsApp' } as const;

/**
 * The admin dashboard's Texts tab (issue 36): per channel, texts tried, sent, failed, what the
 * providers' delivery reports said, and the reported cost. Totals only: no number, no body.
 */
export function TextTotals() {
  const [days, setDays] = useState('30');
  const totals = useTextTotals(Number(days));
  const channels = totals.data?.channels ?? [];
  const { t } = useLingui();
  const periods = [
    { value: '1', label: t`24 hours` },
    { value: '7', label: t`7 days` },
    { value: '30', label: t`30 days` },
  ];
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          <Trans>Texts to patients and providers, and what the providers reported.</Trans>
        </Text>
        <SegmentedControl size="xs" value={days} onChange={setDays} data={periods} aria-label={t`Period`} />
      </Group>
      {totals.isLoading ? (
        <Text size="sm">{t`Loading...`}</Text>
      ) : totals.isError ? (
        <Text size="sm" c="red">
          <Trans>Could not load the text totals.</Trans>
        </Text>
      ) : channels.length === 0 ? (
        <Text size="sm">{t`No texts in this period.`}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label={t`Texts by channel`}>
            <Table.Thead>
              <Table.Tr>
                {[t`Channel`, t`Texts`, t`Sent`, t`Failed`, t`Delivered`, t`Read`, t`Undelivered`, t`Cost`].map((h) => (
                  <Table.Th key={h}>{h}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {channels.map((c) => (
                <Table.Tr key={c.channel}>
                  <Table.Td>{channelNames[c.channel]}</Table.Td>
                  <Table.Td>{c.total}</Table.Td>
                  <Table.Td>{c.sent}</Table.Td>
                  <Table.Td>{c.failed}</Table.Td>
                  <Table.Td>{c.delivered}</Table.Td>
                  <Table.Td>{c.read}</Table.Td>
                  <Table.Td>{c.undelivered}</Table.Td>
                  <Table.Td>
                    {Object.entries(c.cost)
                      .map(([currency, amount]) => `${currency} ${amount}`)
                      .join(', ') || t`not reported`}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
