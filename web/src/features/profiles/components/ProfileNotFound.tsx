import { Button, Card, Container, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { isRateLimitedError, rateLimitedMessage } from '../../../lib/api';
import { useLocale } from '../../../i18n/use-locale';
import { partMessages } from '../../../i18n/with-messages';
import { tryAgainIn } from '../../../lib/try-again-texts';

type Kind = 'professional' | 'institution';

const texts = {
  professional: {
    title: 'Professional Not Found',
    text: "The professional you're looking for doesn't exist or has been removed.",
  },
  institution: {
    title: 'Institution Not Found',
    text: "The institution you're looking for doesn't exist or has been removed.",
  },
};

// Issue 50 (decision 046): in another language, the words come from profile-later.po, fetched with this part (the
// profile page loads it lazily: few visits see it, and the page's first load has no room).
const WithProfileLaterMessages = partMessages((locale) => import(`../../../locales/${locale}/profile-later.po`));
const said = {
  professional: { title: msg`Professional Not Found`, text: msg`The professional you're looking for doesn't exist or has been removed.` },
  institution: { title: msg`Institution Not Found`, text: msg`The institution you're looking for doesn't exist or has been removed.` },
};

/**
 * A missing (or not yet approved) profile, with Back to Search (spec §2, §8).
 * A profile read refused by the per-address limit (429) is not "not found": it says to wait.
 */
export function ProfileNotFound({ kind, error }: { kind: Kind; error?: unknown }) {
  const refused = isRateLimitedError(error) ? rateLimitedMessage(error) : null;
  if (useLocale() === 'en') {
    return <NotFoundCard {...(refused === null ? texts[kind] : { title: 'Too Many Requests', text: refused })} back="Back to Search" />;
  }
  return (
    <WithProfileLaterMessages>
      <NotFoundSaid kind={kind} refused={refused} />
    </WithProfileLaterMessages>
  );
}

function NotFoundSaid({ kind, refused }: { kind: Kind; refused: string | null }) {
  const { i18n } = useLingui();
  return (
    <NotFoundCard
      title={i18n._(refused === null ? said[kind].title : msg`Too Many Requests`)}
      text={refused === null ? i18n._(said[kind].text) : tryAgainIn(i18n, refused)}
      back={i18n._(msg`Back to Search`)}
    />
  );
}

function NotFoundCard({ title, text, back }: { title: string; text: string; back: string }) {
  return (
    <Container size="sm" py={60}>
      <Card withBorder radius="md" padding="xl" ta="center">
        <Stack align="center" gap="sm">
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed">{text}</Text>
          <Button component={Link} to="/search" leftSection={<IconArrowLeft size={16} />} mt="sm">
            {back}
          </Button>
        </Stack>
      </Card>
    </Container>
  );
}
