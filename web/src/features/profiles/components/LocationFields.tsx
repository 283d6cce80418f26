import { useState } from 'react';
import { Button, Group, NativeSelect, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconCurrentLocation } from '@tabler/icons-react';
import { nigeriaStates, NIGERIA_BOUNDS } from '@ilera/contracts';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

/** The location fields as the form holds them ('' for none). */
export type LocationValues = {
  lga: string;
  latitude: number | '';
  longitude: number | '';
  locationSource: string;
};

export const locationDefaults: LocationValues = { lga: '', latitude: '', longitude: '', locationSource: '' };

/** The form's location as the API takes it: blanks are none; only 'device' and 'pin' are the owner's to say. */
export const locationInput = (v: LocationValues) => ({
  lga: v.lga,
  latitude: v.latitude === '' ? null : v.latitude,
  longitude: v.longitude === '' ? null : v.longitude,
  locationSource: v.locationSource === 'device' || v.locationSource === 'pin' ? v.locationSource : null,
});

const whereFrom = {
  register: msg`From the national facility register.`,
  device: msg`From your device’s location.`,
  pin: msg`From the coordinates you gave.`,
  lga_centre: msg`Approximate: the centre of your LGA. Give your coordinates for directions to your door.`,
};

/**
 * Issue 33 (D23): where the institution is. "Use my current location" (the browser's geolocation)
 * or a pin by coordinates; with neither, the LGA's centre, shown as approximate.
 */
export function LocationFields<V extends LocationValues & { state: string }>({ form }: { form: UseFormReturnType<V> }) {
  const { t, i18n } = useLingui();
  const f = form as unknown as UseFormReturnType<LocationValues & { state: string }>;
  const [locating, setLocating] = useState(false);
  const [geoError, setGeoError] = useState<string | null>(null);
  const state = nigeriaStates.find((s) => s.name === f.values.state);
  const lgaOptions = state ? state.lgas.map((l) => l.name) : [];
  if (f.values.lga && !lgaOptions.includes(f.values.lga)) lgaOptions.push(f.values.lga);

  const useDevice = () => {
    if (!('geolocation' in navigator)) return setGeoError(t`This browser cannot tell its location. Enter the coordinates instead.`);
    setLocating(true);
    setGeoError(null);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        // Five decimals is about a metre: more than a phone's fix is worth.
        const round = (x: number) => Math.round(x * 1e5) / 1e5;
        f.setValues({ latitude: round(position.coords.latitude), longitude: round(position.coords.longitude), locationSource: 'device' });
      },
      () => {
        setLocating(false);
        setGeoError(t`Your location was not shared. Enter the coordinates instead, or leave them empty to use your LGA’s centre.`);
      },
      { enableHighAccuracy: true, timeout: 15000 },
    );
  };
  const pin = (field: 'latitude' | 'longitude') => ({
    ...f.getInputProps(field),
    onChange: (value: string | number) => f.setValues({ [field]: value === '' ? '' : Number(value), locationSource: 'pin' }),
  });

  return (
    <Stack gap="sm">
      <NativeSelect
        label={t`LGA`}
        description={state ? undefined : t`Choose the state first`}
        data={[{ value: '', label: t`Select LGA` }, ...lgaOptions.map((l) => ({ value: l, label: l }))]}
        disabled={!state}
        {...f.getInputProps('lga')}
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Button variant="light" leftSection={<IconCurrentLocation size={16} aria-hidden />} loading={locating} onClick={useDevice}>
          <Trans>Use my current location</Trans>
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput label={t`Latitude`} decimalScale={6} min={NIGERIA_BOUNDS.minLat} max={NIGERIA_BOUNDS.maxLat} hideControls {...pin('latitude')} />
        <NumberInput label={t`Longitude`} decimalScale={6} min={NIGERIA_BOUNDS.minLng} max={NIGERIA_BOUNDS.maxLng} hideControls {...pin('longitude')} />
      </SimpleGrid>
      <Text size="sm" c={geoError ? 'red' : 'dimmed'} role={geoError ? 'alert' : undefined}>
        {geoError ??
          // No source yet ('') says what happens without coordinates.
          (f.values.locationSource in whereFrom
            ? i18n._(whereFrom[f.values.locationSource as keyof typeof whereFrom])
            : t`Without coordinates, the centre of your LGA is used (approximate).`)}
      </Text>
    </Stack>
  );
}
