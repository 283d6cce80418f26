import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Card, Code, Container, Group, List, Stack, Text, Title } from '@mantine/core';
import {
  copyText,
  detectBrowser,
  isMobileUserAgent,
  isSecureConnection,
  isSmallScreen,
} from '../lib/device';

/** Spec §9: the copied-URL indicator shows for 2 seconds. */
const COPIED_MS = 2000;

/** The static troubleshooting guide behind /mobile-help and /mobile-access. */
export function MobileGuide({ title, intro }: { title: string; intro: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const href = window.location.href;
  const secure = isSecureConnection();
  const browser = detectBrowser();
  const mobile = isMobileUserAgent() || isSmallScreen();

  const copy = async () => {
    if (await copyText(href)) {
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPIED_MS);
    }
  };

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{title}</Title>
          <Text c="dimmed" mt={4}>
            {intro}
          </Text>
        </div>

        <Card withBorder>
          <Title order={2} fz="lg" mb="sm">
            Your connection
          </Title>
          <Group gap="xs" mb="xs">
            <Text size="sm">Connection security:</Text>
            <Badge color={secure ? 'green' : 'red'} variant="light">
              {secure ? 'Secure (HTTPS)' : 'Not secure (HTTP)'}
            </Badge>
          </Group>
          <Text size="sm">
            Device: <strong>{mobile ? 'Mobile device' : 'Desktop or laptop'}</strong>
          </Text>
          <Text size="sm">
            Browser: <strong>{browser === 'Mobile Browser' && !mobile ? 'Other browser' : browser}</strong>
          </Text>
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            Address: <Code>{href}</Code>
          </Text>
        </Card>

        <Card withBorder>
          <Title order={2} fz="lg" mb="sm">
            Quick fixes
          </Title>
          <Group gap="xs">
            <Button onClick={() => window.location.reload()}>Reload Page</Button>
            <Button variant="light" onClick={() => void copy()}>
              {copied ? 'Copied!' : 'Copy Page Address'}
            </Button>
          </Group>
          <Text size="sm" c="dimmed" mt="xs">
            Copy the address and open it in another browser if this one keeps failing.
          </Text>
        </Card>

        <Card withBorder>
          <Title order={2} fz="lg" mb="sm">
            Recommended browsers
          </Title>
          <List size="sm" spacing={4}>
            <List.Item>Chrome (Android and iPhone), the most reliable choice</List.Item>
            <List.Item>Firefox mobile</List.Item>
            <List.Item>Safari on an up-to-date iPhone or iPad</List.Item>
          </List>
        </Card>

        <Card withBorder>
          <Title order={2} fz="lg" mb="sm">
            If the page still does not load
          </Title>
          <List size="sm" spacing={4} type="ordered">
            <List.Item>Reload the page; on a weak network a second try often works.</List.Item>
            <List.Item>Clear your browser&apos;s cache and cookies for this site.</List.Item>
            <List.Item>Turn off any VPN, proxy or data-saver mode.</List.Item>
            <List.Item>Try a private (incognito) tab.</List.Item>
            <List.Item>Switch between mobile data and Wi-Fi.</List.Item>
          </List>
        </Card>

        {!secure && (
          <Alert color="orange" variant="light" title="This page is not using a secure connection">
            Do not enter passwords on a page whose address does not start with https://.
          </Alert>
        )}
      </Stack>
    </Container>
  );
}
