// Where a provider is (issue 33, PRODUCT.md D23): its owner's device location or a pin by
// coordinates, else its LGA's centre, marked approximate ('lga_centre'). A register listing's
// coordinates ('register') stay until the owner gives other ones. Institutions and (issue 48)
// professionals set their practice's location the same way; a professional without a point of
// their own is placed at their first confirmed institution before their LGA's centre
// (professionals.repo.ts, search/src/documents.ts).
import { COORDINATES_PAIR_MESSAGE, LGA_MESSAGE, PRACTICE_LGA_MESSAGE, matchNigeriaLga, type InstitutionProfileInput } from '@ilera/contracts';
import type { Db } from '@ilera/db';
import { BadRequestError } from '../../errors';
import * as repo from './location.repo';

type LocationInput = Pick<InstitutionProfileInput, 'lga' | 'latitude' | 'longitude' | 'locationSource' | 'state'>;

/** Applies a profile edit's location fields in its transaction (absent fields keep what is stored). */
export async function applyLocation(tx: Db, id: number, input: LocationInput, kind: repo.LocatedKind = 'institution'): Promise<void> {
  const lgaMessage = kind === 'institution' ? LGA_MESSAGE : PRACTICE_LGA_MESSAGE;
  const hasLat = input.latitude != null;
  const hasLng = input.longitude != null;
  if (hasLat !== hasLng) {
    const field = hasLat ? 'longitude' : 'latitude';
    throw new BadRequestError(COORDINATES_PAIR_MESSAGE, { [field]: COORDINATES_PAIR_MESSAGE });
  }
  const current = await repo.findLocation(tx, id, kind);
  if (!current) return;
  const state = input.state ?? current.state;
  let lga = current.lga;
  if (input.lga !== undefined) {
    const match = input.lga ? matchNigeriaLga(input.lga, state) : null;
    if (input.lga && (!match || !state)) throw new BadRequestError(lgaMessage, { lga: lgaMessage });
    lga = match?.name ?? null;
  }
  let next: Omit<repo.StoredLocation, 'state'> = { ...current, lga };
  if (hasLat && hasLng) {
    const same = input.latitude === current.latitude && input.longitude === current.longitude;
    // The same point sent back by the form keeps where it came from (the register's, the device's).
    if (!same) next = { lga, latitude: input.latitude!, longitude: input.longitude!, locationSource: input.locationSource ?? 'pin' };
  } else if (!current.locationSource || current.locationSource === 'lga_centre') {
    // No point of its own: the LGA's centre when the register knows the LGA, else no location.
    const known = lga && state ? matchNigeriaLga(lga, state) : null;
    const centre = known ? await repo.lgaCentre(tx, known.state, known.name) : null;
    next = centre ? { lga, ...centre, locationSource: 'lga_centre' } : { lga, latitude: null, longitude: null, locationSource: null };
  }
  await repo.saveLocation(tx, id, next, kind);
}

/** A typed place (ward or area, LGA, town, state) as the median point of its located facilities (approximate). */
export const locatePlace = (db: Db, typed: string): Promise<repo.PlaceCentre | undefined> => repo.placeCentre(db, typed);
