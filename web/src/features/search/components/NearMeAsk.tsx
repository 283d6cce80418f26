import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Text, TextInput } from '@mantine/core';
import { IconCurrentLocation } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { getJson } from '../../../lib/api';
import type { SearchState } from '../search-state';
import { withoutWords, type Understood } from '../understood';
import { WithSearchLaterMessages } from '../later-messages';

/**
 * Issue 33 (D23): while the device looks for where it is, "Finding your location…"; when it could not or may not
 * say, a place typed instead, searched near its
 * centre (GET /api/search/place), or, for a place the register does not know, in it by name ("clinic in Yaba").
 * Its own chunk, with its texts (issue 50: search-later.po): most searches never need it.
 */
export default function NearMeAsk({ locating, ...props }: { state: SearchState; asked: Understood; update: (patch: Partial<SearchState>) => void; locating: boolean }) {
  return <WithSearchLaterMessages>{locating ? <Locating /> : <PlaceForm {...props} />}</WithSearchLaterMessages>;
}

function Locating() {
  const { t } = useLingui();
  return (
    <Text size="sm" role="status">
      {t`Finding your location…`}
    </Text>
  );
}

function PlaceForm({ state, asked, update }: { state: SearchState; asked: Understood; update: (patch: Partial<SearchState>) => void }) {
  const { t } = useLingui();
  const [place, setPlace] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const where = place.trim();
    if (!where) return;
    try {
      const at = await getJson<{ lat: number; lng: number; label: string }>(`/api/search/place?name=${encodeURIComponent(where)}`);
      update({ near: { lat: at.lat, lng: at.lng }, place: at.label, radius: undefined, sort: 'distance' });
    } catch {
      // Not a place the register knows (or no answer): the words themselves, which understanding reads.
      update({ q: `${withoutWords(state.q, asked.text)} in ${where}`.trim() });
    }
    setPlace('');
  };
  return (
    <Alert color="blue" icon={<IconCurrentLocation size={18} aria-hidden />} title={t`Where are you?`}>
      <form onSubmit={(e) => void submit(e)} aria-label={t`Search near a place`}>
        <Text size="sm" mb="xs">
          {t`We could not get your device's location. Type your town, LGA or area to search there.`}
        </Text>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={t`Your area`}
            placeholder={t`e.g. Yaba, Ikeja, Wuse`}
            value={place}
            onChange={(e) => setPlace(e.currentTarget.value)}
            style={{ flex: '1 1 200px' }}
            autoComplete="address-level2"
          />
          <Button type="submit" variant="light">
            {t`Search there`}
          </Button>
        </Group>
      </form>
    </Alert>
  );
}
