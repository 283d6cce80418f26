import { describe, expect, it } from 'vitest';
import { institutionTypeValues } from '@ilera/contracts';
import { INSTITUTION_TYPE_RULES, institutionTypeOf, REGISTER_HEADER, registerListingOf, type RegisterRow } from './rows';

const row = (over: Partial<RegisterRow> = {}): RegisterRow => ({
  ...(Object.fromEntries(REGISTER_HEADER.map((c) => [c, ''])) as RegisterRow),
  OBJECTID: '1',
  globalid: '{0B1F7E2A-0000-4000-8000-000000000001}',
  nhfr_uid: '10000001',
  nhfr_facility_code: '08/07/1/1/1/0030',
  country: 'Nigeria',
  iso: 'NGA',
  state: 'Fct',
  lga: 'Municipal Area Council',
  lga_name_disagreement: 'No',
  ward: 'Garki',
  facility_name: 'Primary Health Centre Garki',
  ownership: 'Public',
  ownership_type: 'Local Government',
  facility_level: 'Primary',
  facility_level_option: 'Primary Health Center',
  latitude: '9.0301',
  longitude: '7.4890',
  last_updated: '2024-11-11',
  ...over,
});

describe('institution type from the register', () => {
  it('maps every level option the register uses, then level and ownership, to a canonical type', () => {
    const cases: [level: string | null, option: string | null, ownership: string | null, type: string][] = [
      ['Primary', 'Primary Health Center', 'Public', 'primary_health_centre'],
      ['Primary', 'Comprehensive Health Centre', 'Public', 'primary_health_centre'],
      ['Primary', 'Primary Health Clinic', 'Private', 'clinic'],
      ['Primary', 'Health Post', 'Public', 'health_post'],
      ['Primary', 'Dispensary', 'Public', 'health_post'],
      ['Primary', 'Maternity Home', 'Private', 'maternity_home'],
      ['Primary', 'Pharmacy', 'Private', 'pharmacy'],
      ['Primary', 'Medical Laboratory', 'Private', 'laboratory'],
      ['Secondary', 'Diagnostic Centre', 'Private', 'diagnostic_center'],
      ['Secondary', 'General Hospital', 'Public', 'general_hospital'],
      ['Secondary', 'Cottage Hospital', 'Public', 'general_hospital'],
      ['Secondary', 'Hospital', 'Private', 'private_hospital'],
      ['Secondary', 'Rehabilitation Centre', 'Public', 'rehabilitation_center'],
      ['Tertiary', 'Teaching Hospital', 'Public', 'teaching_hospital'],
      ['Tertiary', 'Federal Medical Centre', 'Public', 'medical_center'],
      ['Tertiary', 'Specialist Hospital', 'Public', 'specialist_hospital'],
      ['Tertiary', 'Neuro-Psychiatric Hospital', 'Public', 'mental_health_facility'],
      ['Tertiary', 'Unknown', 'Public', 'hospital'],
      ['Secondary', 'Unknown', 'Public', 'general_hospital'],
      ['Secondary', 'Unknown', 'Private', 'private_hospital'],
      ['Primary', 'Unknown', 'Public', 'primary_health_centre'],
      ['Primary', 'Unknown', 'Private', 'clinic'],
      [null, null, null, 'primary_health_centre'],
    ];
    for (const [level, option, ownership, type] of cases) expect(institutionTypeOf(level, option, ownership), `${level} ${option} ${ownership}`).toBe(type);
    for (const [, type] of INSTITUTION_TYPE_RULES) expect(institutionTypeValues).toContain(type);
  });
});

describe('a register row', () => {
  it('becomes a listing keyed by the NHFR code, its state and LGA matched (Fct is the FCT)', () => {
    const v = registerListingOf(row());
    expect(v.ok).toBe(true);
    if (!v.ok) return;
    expect(v.listing.key).toBe('code:08/07/1/1/1/0030');
    expect(v.listing.fields).toMatchObject({
      name: 'Primary Health Centre Garki',
      type: 'primary_health_centre',
      state: 'FCT',
      lga: 'Abuja Municipal',
      lgaCode: 'fc-municipal',
      city: 'Abuja',
      ownership: 'Public',
      level: 'Primary',
      latitude: 9.0301,
      longitude: 7.489,
      registerUpdated: '2024-11-11',
    });
  });

  it('is keyed by nhfr_uid, else globalid, when the NHFR code is missing (eHealth rows)', () => {
    const uid = registerListingOf(row({ nhfr_facility_code: '' }));
    const gid = registerListingOf(row({ nhfr_facility_code: '', nhfr_uid: '' }));
    expect(uid.ok && uid.listing.key).toBe('uid:10000001');
    expect(gid.ok && gid.listing.key).toBe('globalid:{0b1f7e2a-0000-4000-8000-000000000001}');
  });

  it('keeps an LGA the register flags as disagreeing exactly as given', () => {
    const v = registerListingOf(row({ lga: 'Garki Town', lga_name_disagreement: 'Yes' }));
    expect(v.ok && v.listing.fields).toMatchObject({ lga: 'Garki Town', lgaCode: null, lgaDisagrees: true });
  });

  it('takes x/y when latitude/longitude are empty, and imports a row without coordinates unlocated', () => {
    const xy = registerListingOf(row({ latitude: '', longitude: '', x: '7.5', y: '9.1' }));
    expect(xy.ok && [xy.listing.fields.latitude, xy.listing.fields.longitude]).toEqual([9.1, 7.5]);
    const none = registerListingOf(row({ latitude: '', longitude: '' }));
    expect(none.ok && none.listing.fields.latitude).toBeNull();
  });

  it('is refused with its reason: no identifier, no name, unknown state, outside Nigeria', () => {
    const reason = (over: Partial<RegisterRow>) => {
      const v = registerListingOf(row(over));
      return v.ok ? 'ok' : v.reason;
    };
    expect(reason({ globalid: '', nhfr_uid: '', nhfr_facility_code: '' })).toBe('no_identifier');
    expect(reason({ facility_name: '  ' })).toBe('no_name');
    expect(reason({ state: 'Atlantis' })).toBe('unknown_state');
    expect(reason({ longitude: '-7.489' })).toBe('outside_nigeria');
    expect(reason({ latitude: '51.5' })).toBe('outside_nigeria');
    expect(reason({ latitude: '13.9', longitude: '14.6' })).toBe('ok');
  });

  it('hashes its fields: the same row, the same hash; any field changed, another', () => {
    const a = registerListingOf(row());
    const b = registerListingOf(row());
    const c = registerListingOf(row({ ward: 'Wuse' }));
    expect(a.ok && b.ok && a.listing.hash === b.listing.hash).toBe(true);
    expect(a.ok && c.ok && a.listing.hash !== c.listing.hash).toBe(true);
  });
});
