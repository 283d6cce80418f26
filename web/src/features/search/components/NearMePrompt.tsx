import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { DEFAULT_RADIUS_KM, type SearchState } from '../search-state';
import type { Understood } from '../understood';

// Issue 50: "Finding your location…", the place form and their texts (search-later.po) come only when the words ask for "near me".
const NearMeAsk = lazy(() => import('./NearMeAsk'));

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
  const { t } = useLingui();
  const [asking, setAsking] = useState<Asking>('idle');
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
    const km = state.radius ?? DEFAULT_RADIUS_KM;
    const centre = state.place;
    return (
      <Text size="sm" c="dimmed" role="note">
        {centre ? t`Within ${km} km of the centre of ${centre} (approximate).` : t`Within ${km} km of your location.`}
      </Text>
    );
  }
  if (!asked || asking === 'idle') return null;
  // While the device looks for where it is, and the form that asks for a place when it could not say: drawn only in
  // the browser, their texts come with them (search-later.po).
  return (
    <Suspense fallback={null}>
      <NearMeAsk state={state} asked={asked} update={update} locating={asking === 'locating'} />
    </Suspense>
  );
}
