import { describe, expect, it } from 'vitest';
import {
  adminCountries,
  adminInstitutionTypes,
  adminSpecialties,
  allServices,
  allSpecialties,
  countries,
  dashboardLocations,
  institutionTypeLabel,
  institutionTypeValues,
  institutionTypes,
  landingLocations,
  locationToCityState,
  nigerianStates,
  normalizeState,
  professionalCountries,
  profileSetupInstitutionTypes,
  quickSearchFacilities,
  quickSearchQuery,
  quickSearchSpecialties,
  registrationInstitutionTypes,
  servicesByInstitutionType,
  specialtiesByType,
  stateFilterValues,
  timeSlots,
} from './index.js';

describe('reference lists', () => {
  it('has the spec list sizes', () => {
    // D17: the spec's 16, the admin screen's 10 more, and Dentistry.
    expect(specialtiesByType.doctor).toHaveLength(27);
    expect(specialtiesByType.doctor.slice(0, 16)).toContain('Internal Medicine');
    expect(specialtiesByType.doctor).toContain('Dentistry');
    expect(specialtiesByType.pharmacist).toHaveLength(10);
    expect(specialtiesByType.nurse).toHaveLength(12);
    expect(allSpecialties).toHaveLength(49);
    expect(adminSpecialties).toEqual(specialtiesByType.doctor);
    expect(adminSpecialties[0]).toBe('General Practice');
    expect(adminSpecialties).toContain('Allergy & Immunology');
    expect(new Set(adminSpecialties).size).toBe(27);
    expect(servicesByInstitutionType.hospital).toHaveLength(15);
    expect(servicesByInstitutionType.pharmacy).toHaveLength(12);
    expect(servicesByInstitutionType.diagnostic_lab).toHaveLength(15);
    expect(new Set(allServices).size).toBe(allServices.length);
    expect(professionalCountries).toHaveLength(30);
    expect(adminCountries).toHaveLength(20);
    expect(nigerianStates).toHaveLength(37);
    expect(nigerianStates).toContain('Federal Capital Territory');
    expect([...nigerianStates]).toEqual([...nigerianStates].sort());
    expect(stateFilterValues).toHaveLength(10);
    expect(timeSlots).toHaveLength(16);
    expect(timeSlots[0]).toBe('09:00');
    expect(timeSlots.at(-1)).toBe('16:30');
  });

  it('countries is the union of both lists, Nigeria first (D8)', () => {
    const union = new Set<string>([...professionalCountries, ...adminCountries]);
    expect(new Set(countries)).toEqual(union);
    expect(countries).toHaveLength(union.size);
    expect(countries).toHaveLength(38);
    expect(countries[0]).toBe('Nigeria');
  });

  it('the canonical institution types hold every screen value (D7)', () => {
    // The screens' 18 values and the national register's two primary-care levels (issue 33).
    expect(institutionTypes).toHaveLength(20);
    expect(institutionTypes.slice(-2)).toEqual([
      { value: 'primary_health_centre', label: 'Primary Health Centre' },
      { value: 'health_post', label: 'Health Post' },
    ]);
    expect(institutionTypes.map((t) => t.value)).toEqual([...institutionTypeValues]);
    const canonical = new Map(institutionTypes.map((t) => [t.value, t.label]));
    for (const list of [registrationInstitutionTypes, profileSetupInstitutionTypes, adminInstitutionTypes]) {
      for (const t of list) expect(canonical.get(t.value)).toBe(t.label);
    }
    expect(registrationInstitutionTypes.map((t) => t.value)).toEqual(['hospital', 'pharmacy', 'diagnostic_lab']);
    expect(profileSetupInstitutionTypes).toHaveLength(6);
    expect(adminInstitutionTypes.map((t) => t.label)).toEqual([
      'General Hospital',
      'Specialist Hospital',
      'Teaching Hospital',
      'Private Hospital',
      'Clinic',
      'Medical Center',
      'Diagnostic Center',
      'Pharmacy',
      'Laboratory',
      'Rehabilitation Center',
      'Mental Health Facility',
      'Maternity Home',
    ]);
    expect(institutionTypeLabel('practice')).toBe('Private Practice');
    expect(institutionTypeLabel('something')).toBe('something');
  });

  it('locations map to city and state', () => {
    expect(landingLocations).toHaveLength(10);
    expect(landingLocations.at(-1)?.value).toBe('all');
    expect(dashboardLocations).toHaveLength(10);
    expect(dashboardLocations.at(-1)).toEqual({ value: 'calabar-cross-river', label: 'Calabar, Cross River' });
    expect(landingLocations[1]).toEqual({ value: 'abuja-fct', label: 'Abuja, FCT' });
    expect(locationToCityState('lagos-lagos')).toEqual({ city: 'Lagos', state: 'Lagos' });
    expect(locationToCityState('abuja-fct')).toEqual({ city: 'Abuja', state: 'FCT' });
    expect(locationToCityState('ibadan-oyo')).toEqual({ city: 'Ibadan', state: 'Oyo' });
    expect(locationToCityState('benin-edo')).toEqual({ city: 'Benin City', state: 'Edo' });
    expect(locationToCityState('port-harcourt-rivers')).toEqual({ city: 'Port Harcourt', state: 'Rivers' });
    expect(locationToCityState('calabar-cross-river')).toEqual({ city: 'Calabar', state: 'Cross River' });
    expect(locationToCityState('all')).toBeNull();
    expect(locationToCityState('nowhere')).toBeNull();
    for (const l of dashboardLocations) {
      expect(stateFilterValues).toContain(locationToCityState(l.value)?.state);
    }
    expect(normalizeState('Federal Capital Territory')).toBe('FCT');
    expect(normalizeState('Abuja')).toBe('FCT');
    expect(normalizeState('Lagos')).toBe('Lagos');
  });

  it('quick search values stand for search text', () => {
    expect(quickSearchSpecialties).toHaveLength(10);
    expect(quickSearchFacilities).toHaveLength(10);
    for (const o of [...quickSearchSpecialties, ...quickSearchFacilities]) {
      expect(quickSearchQuery(o.value)).toBeTruthy();
    }
    expect(quickSearchQuery('cardiologist')).toBe('Cardiology');
    expect(quickSearchQuery('general-practitioner')).toBe('General Practice');
    expect(quickSearchQuery('ent')).toBe('ENT');
    expect(quickSearchQuery('general-hospital')).toBe('General Hospital');
    expect(quickSearchQuery('all')).toBeUndefined();
    expect(quickSearchQuery('toString')).toBeUndefined();
  });
});
