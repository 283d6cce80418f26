import { useState } from 'react';
import { Alert, Button, Code, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { chromeUrl, clearCachesAndReload, detectBrowser, shortAddress } from '../lib/device';

const issues = [
  {
    title: 'SSL Protocol Error (ERR_SSL_PROTOCOL_ERROR)',
    cause: 'The server sent an invalid SSL response.',
    fixes: [
      'Switch to Chrome or Firefox mobile',
      'Clear your browser cache and cookies',
      'Disable any VPN or proxy',
      'Try private (incognito) mode',
    ],
  },
  {
    title: 'iOS Certificate Error (NSURLErrorDomain -1200)',
    cause: 'iOS cannot verify the development server certificate.',
    fixes: [
      'Use Chrome',
      'Clear the Safari cache',
      'Refresh the page several times',
      'Use another mobile browser',
    ],
  },
];

/**
 * Connection help for phones on an insecure address (spec accounts §2, §8).
 * Mounted only when shouldShowConnectionDialog() holds (see app/router.tsx).
 */
export default function MobileConnectionDialog() {
  const [opened, setOpened] = useState(true);
  const browser = detectBrowser();
  const close = () => setOpened(false);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Connection Problem"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Alert color="orange" variant="light" title="Secure connection failed">
          Your browser cannot establish a secure connection to this development server.
        </Alert>
        <Text size="sm">
          Current address: <Code>{shortAddress()}</Code>
        </Text>
        <Text size="sm">
          Detected browser: <strong>{browser}</strong>
        </Text>
        {issues.map((issue) => (
          <Stack key={issue.title} gap={4}>
            <Title order={3} fz="sm">
              {issue.title}
            </Title>
            <Text size="sm" c="dimmed">
              {issue.cause}
            </Text>
            <List size="sm" spacing={2}>
              {issue.fixes.map((fix) => (
                <List.Item key={fix}>{fix}</List.Item>
              ))}
            </List>
          </Stack>
        ))}
        <Group gap="xs" grow preventGrowOverflow={false} wrap="wrap">
          <Button onClick={() => window.location.reload()}>Reload</Button>
          {browser !== 'Chrome' && (
            <Button variant="light" component="a" href={chromeUrl()}>
              Try Chrome
            </Button>
          )}
          <Button variant="light" onClick={() => void clearCachesAndReload()}>
            Clear Cache
          </Button>
          <Button variant="default" component={Link} to="/mobile-access" onClick={close}>
            Mobile Guide
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
