import { Badge, Text } from '@mantine/core';
import { openStateText, toneColor, type OpenStateView } from '../open-state';
import { SearchLater } from '../../search/components/SearchLater';

/** A result card's "Open now · Closes 18:00" / "Closed · Opens 08:00 Mon" / "Hours unknown" (issue 45), WAT; issue 50: in the page's language. */
export function OpenStateLine({ hit }: { hit: OpenStateView }) {
  const s = openStateText(hit);
  return (
    <Text size="sm" fw={s.tone === 'unknown' ? undefined : 600} c={toneColor[s.tone]}>
      <SearchLater en={s.text} text={['openState', hit]} />
    </Text>
  );
}

/** "Accepts NHIA" on a card when the search is filtered on a plan the provider takes (issue 45). */
export function AcceptsPlan({ plans, plan, name }: { plans?: string[]; plan?: string; name?: string }) {
  if (!plan || !plans?.includes(plan)) return null;
  const named = name ?? plan.toUpperCase();
  return (
    <Badge color="teal" variant="light" size="sm" tt="none">
      <SearchLater en={`Accepts ${named}`} text={['accepts', named]} />
    </Badge>
  );
}
