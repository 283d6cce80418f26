import { lazy, Suspense, type ReactNode } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconBuildingCommunity, IconDirections, IconMapPin, IconPhone } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { Trans } from '@lingui/react/macro';
import {
  CLAIM_THIS_FACILITY,
  directionsUrl,
  geoUri,
  LISTED_FROM_REGISTER,
  NOT_IN_LATEST_REGISTER,
  NOT_ON_ILERA,
  registerSourceLine,
  REGISTER_SOURCE,
  type Institution,
} from '@ilera/contracts';
import { useLocale } from '../../../i18n/use-locale';
import type { RegisterTextOf } from '../register-profile-texts';

// Issue 50 (decision 046): a listing's words in another language come with profile-later.po, in a chunk of their own. On a
// page the server drew, React keeps what was drawn until the chunk has come (a suspended boundary keeps its server HTML).
const LaterText = lazy(() => import('./ProfileLaterText'));

/** A listing's text: English as contracts say it (`en`, drawn at once), another language's once its catalog has come. */
function Later({ en, text }: { en: string; text: RegisterTextOf }): ReactNode {
  if (useLocale() === 'en') return en;
  return (
    <Suspense fallback={en}>
      <LaterText text={text} />
    </Suspense>
  );
}

/**
 * Issue 33 (D22): a listing from the national register says so, with its source and date, and
 * whether the latest register still lists it. A claimed listing keeps only its register code.
 */
export function RegisterBanner({ institution: i }: { institution: Institution }) {
  if (!i.register) return null;
  if (!i.listed) {
    return i.register.code ? (
      <Text size="sm" c="dimmed">
        <Later en={`National register code ${i.register.code}`} text={['registerCode', i.register.code]} />
      </Text>
    ) : null;
  }
  return (
    <Alert variant="light" color="gray" icon={<IconBuildingCommunity size={18} aria-hidden />} title={<Later en={LISTED_FROM_REGISTER} text={['listed']} />} role="note">
      <Stack gap={2}>
        <Text size="sm">
          <Later en={registerSourceLine(i.register.updatedOn)} text={['source', REGISTER_SOURCE, i.register.updatedOn]} />
        </Text>
        {i.register.code && (
          <Text size="sm">
            <Later en={`Facility code ${i.register.code}`} text={['facilityCode', i.register.code]} />
          </Text>
        )}
        {!i.register.inLatestRegister && (
          <Text size="sm" fw={600} c="orange.8">
            <Later en={NOT_IN_LATEST_REGISTER} text={['notInLatest']} />
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

/** Instead of booking, on an unclaimed listing: call or visit, and the facility's own way in. */
export function NotOnIlera({ institution: i }: { institution: Institution }) {
  return (
    <Stack gap="xs">
      <Text fw={600}>
        <Later en={NOT_ON_ILERA} text={['notOnIlera']} />
      </Text>
      {i.phone && (
        <Button component="a" href={`tel:${i.phone.replace(/[^\d+]/g, '')}`} variant="light" leftSection={<IconPhone size={16} aria-hidden />} fullWidth>
          <Later en={`Call ${i.phone}`} text={['call', i.phone]} />
        </Button>
      )}
      <Text size="sm" c="dimmed">
        <Later en="Work here? Claim the listing to manage this profile and take bookings." text={['workHere']} />
      </Text>
      <Button component={Link} to={`/claim/${i.id}`} variant="default" fullWidth>
        <Later en={CLAIM_THIS_FACILITY} text={['claim']} />
      </Button>
    </Stack>
  );
}

/** D23: directions to a profile with coordinates (OpenStreetMap in the browser, or the phone's map app). */
export function DirectionsLinks({ latitude, longitude, label, approximate }: { latitude: number; longitude: number; label: string; approximate?: boolean }) {
  return (
    <Stack gap={2}>
      <Group gap="md">
        <Anchor href={directionsUrl(latitude, longitude)} target="_blank" rel="noopener noreferrer" size="sm">
          <Group gap={4} component="span">
            <IconDirections size={16} aria-hidden />
            <Trans>Directions</Trans>
          </Group>
        </Anchor>
        <Anchor href={geoUri(latitude, longitude, label)} size="sm">
          <Group gap={4} component="span">
            <IconMapPin size={16} aria-hidden />
            <Trans>Open in maps</Trans>
          </Group>
        </Anchor>
      </Group>
      {approximate && (
        <Text size="xs" c="dimmed">
          <Trans>Approximate location: the centre of its LGA</Trans>
        </Text>
      )}
    </Stack>
  );
}
