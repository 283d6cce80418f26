import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Text, TextInput } from '@mantine/core';
import { IconCurrentLocation } from '@tabler/icons-react';
import { getJson } from '../../../lib/api';
import { DEFAULT_RADIUS_KM, type SearchState } from '../search-state';
import { withoutWords, type Understood } from '../understood';

type Asking = 'idle' | 'locating' | 'failed';

/**
 * Issue 33 (D23): the words asked for what is near the patient ("clinic near me"; the API
 * understood them as `near`). The page asks the device where it is (the browser asks the
 * patient first) and searches there, nearest first; when the device cannot or may not say,
 * it asks for a place instead and searches near its centre (GET /api/search/place: the median of
 * its facilities), or, for a place the register does not know, in it by name ("clinic in Yaba").
 */
export function NearMePrompt({
  state,
  asked,
  update,
}: {
  state: SearchState;
  /** The understood "near me" item of the current answer, if any. */
  asked?: Understood;
  update: (patch: Partial<SearchState>, options?: { replace?: boolean }) => void;
}) {
  const [asking, setAsking] = useState<Asking>('idle');
  const [place, setPlace] = useState('');
  // Once per typed search: a refusal is not asked again for the same words.
  const askedFor = useRef<string | null>(null);
  // The page's update changes every render; the answer, which comes later, uses the latest.
  const latestUpdate = useRef(update);
  latestUpdate.current = update;
  const wanted = !!asked && !state.near;

  useEffect(() => {
    if (!wanted || askedFor.current === state.q) return;
    const q = (askedFor.current = state.q);
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setAsking('failed');
      return;
    }
    setAsking('locating');
    // An answer for words no longer searched (or after the page has gone) is dropped.
    const stillWanted = () => askedFor.current === q;
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (!stillWanted()) return;
        setAsking('idle');
        // In place of the search that asked: Back leaves "near me" rather than asking again.
        latestUpdate.current(
          { near: { lat: position.coords.latitude, lng: position.coords.longitude }, radius: undefined, sort: 'distance' },
          { replace: true },
        );
      },
      () => stillWanted() && setAsking('failed'),
      // A position up to 5 minutes old will do: a phone's GPS fix costs time and battery.
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    );
  }, [wanted, state.q]);
  useEffect(
    () => () => {
      askedFor.current = null;
    },
    [],
  );

  if (state.near) {
    return (
      <Text size="sm" c="dimmed" role="note">
        {state.place
          ? `Within ${state.radius ?? DEFAULT_RADIUS_KM} km of the centre of ${state.place} (approximate).`
          : `Within ${state.radius ?? DEFAULT_RADIUS_KM} km of your location.`}
      </Text>
    );
  }
  if (!asked || asking === 'idle') return null;
  if (asking === 'locating') {
    return (
      <Text size="sm" role="status">
        Finding your location…
      </Text>
    );
  }
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
    <Alert color="blue" icon={<IconCurrentLocation size={18} aria-hidden />} title="Where are you?">
      <form onSubmit={(e) => void submit(e)} aria-label="Search near a place">
        <Text size="sm" mb="xs">
          We could not get your device&apos;s location. Type your town, LGA or area to search there.
        </Text>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="Your area"
            placeholder="e.g. Yaba, Ikeja, Wuse"
            value={place}
            onChange={(e) => setPlace(e.currentTarget.value)}
            style={{ flex: '1 1 200px' }}
            autoComplete="address-level2"
          />
          <Button type="submit" variant="light">
            Search there
          </Button>
        </Group>
      </form>
    </Alert>
  );
}
