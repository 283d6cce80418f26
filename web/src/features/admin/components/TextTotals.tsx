import { useState } from 'react';
import { Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useTextTotals } from '../api/get-text-totals';

const channelNames = { sms: 'SMS', whatsapp: 'WhatsApp' } as const;
const periods = [
  { value: '1', label: '24 hours' },
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
];

/**
 * The admin dashboard's Texts tab (issue 36): per channel, texts tried, sent, failed, what the
 * providers' delivery reports said, and the reported cost. Totals only: no number, no body.
 */
export function TextTotals() {
  const [days, setDays] = useState('30');
  const totals = useTextTotals(Number(days));
  const channels = totals.data?.channels ?? [];
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Texts to patients and providers, and what the providers reported.
        </Text>
        <SegmentedControl size="xs" value={days} onChange={setDays} data={periods} aria-label="Period" />
      </Group>
      {totals.isLoading ? (
        <Text size="sm">Loading...</Text>
      ) : totals.isError ? (
        <Text size="sm" c="red">
          Could not load the text totals.
        </Text>
      ) : channels.length === 0 ? (
        <Text size="sm">No texts in this period.</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label="Texts by channel">
            <Table.Thead>
              <Table.Tr>
                {['Channel', 'Texts', 'Sent', 'Failed', 'Delivered', 'Read', 'Undelivered', 'Cost'].map((h) => (
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
                      .join(', ') || 'not reported'}
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
