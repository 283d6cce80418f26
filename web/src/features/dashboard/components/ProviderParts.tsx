import type { ReactNode } from 'react';
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { Trans } from '@lingui/react/macro';

/** The first ~160 characters of a text, cut at a word. */
export function excerpt(text: string, max = 160): string {
  const t = text.trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20)).trimEnd()}…`;
}

export interface QuickAction {
  label: string;
  icon: ReactNode;
  to?: string;
  onClick?: () => void;
}

export function QuickActions({ actions }: { actions: QuickAction[] }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="quick-actions-heading">
      <Title order={2} size="h4" id="quick-actions-heading" mb="sm">
        <Trans>Quick Actions</Trans>
      </Title>
      <Stack gap="xs">
        {actions.map((a) =>
          a.to ? (
            <Button key={a.label} component={Link} to={a.to} variant="light" justify="flex-start" leftSection={a.icon} fullWidth>
              {a.label}
            </Button>
          ) : (
            <Button key={a.label} onClick={a.onClick} variant="light" justify="flex-start" leftSection={a.icon} fullWidth>
              {a.label}
            </Button>
          ),
        )}
      </Stack>
    </Card>
  );
}

/** A provider account without a profile yet: the way to create it. */
export function NoProfileCard({ kind }: { kind: 'professional' | 'institution' }) {
  return (
    <Card withBorder radius="md" padding="xl" ta="center">
      <Stack align="center" gap="sm">
        <Title order={2} size="h3">
          {kind === 'professional' ? <Trans>Complete your professional profile</Trans> : <Trans>Complete your institution profile</Trans>}
        </Title>
        <Text c="dimmed">
          <Trans>Patients can find you once your profile is created and approved by an administrator.</Trans>
        </Text>
        <Button component={Link} to="/profile-setup" leftSection={<IconPlus size={16} />}>
          <Trans>Create Profile</Trans>
        </Button>
      </Stack>
    </Card>
  );
}
