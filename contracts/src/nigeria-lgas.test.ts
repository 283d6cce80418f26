import { describe, expect, it } from 'vitest';
import { nigerianStates, normalizeState } from './lists.js';
import { foldPlaceName, lgasNamed, matchNigeriaLga, matchNigeriaState, nigeriaLgaByCode, nigeriaLgas, nigeriaStates } from './nigeria-lgas.js';

describe('nigeria LGAs', () => {
  it('has the 36 states and the FCT, 774 LGAs, unique codes', () => {
    expect(nigeriaStates).toHaveLength(37);
    expect(nigeriaLgas).toHaveLength(774);
    expect(new Set(nigeriaLgas.map((l) => l.code)).size).toBe(774);
    expect(new Set(nigeriaStates.map((s) => s.code)).size).toBe(37);
    const count = (name: string) => nigeriaStates.find((s) => s.name === name)!.lgas.length;
    expect(count('Kano')).toBe(44);
    expect(count('Lagos')).toBe(20);
    expect(count('FCT')).toBe(6);
    expect(count('Bayelsa')).toBe(8);
  });

  it('names states as the rest of the app stores them (normalizeState)', () => {
    expect(nigeriaStates.map((s) => s.name).sort()).toEqual(nigerianStates.map(normalizeState).sort());
  });

  it('matches states whatever their case, spacing, punctuation or common variant', () => {
    for (const [input, want] of [
      ['Fct', 'FCT'],
      ['FCT', 'FCT'],
      ['Abuja', 'FCT'],
      ['Federal Capital Territory', 'FCT'],
      ['Federal Capital Territory (FCT)', 'FCT'],
      ['  lagos ', 'Lagos'],
      ['LAGOS STATE', 'Lagos'],
      ['Akwa-Ibom', 'Akwa Ibom'],
      ['AkwaIbom', 'Akwa Ibom'],
      ['cross river', 'Cross River'],
      ['Nassarawa', 'Nasarawa'],
      ['Zamfra', 'Zamfara'],
      ['KN', 'Kano'],
    ] as const) {
      expect(matchNigeriaState(input)?.name, input).toBe(want);
    }
    for (const input of ['', 'Accra', 'Kogi Niger', 'Imo State Ogun', null, undefined]) {
      expect(matchNigeriaState(input), String(input)).toBeNull();
    }
  });

  it('matches LGAs within their state, tolerant of spelling, and refuses to guess', () => {
    const code = (lga: string, state: string) => matchNigeriaLga(lga, state)?.code ?? null;
    expect(code('Ikeja', 'Lagos')).toBe('la-ikeja');
    expect(code('IKEJA LGA', 'lagos')).toBe('la-ikeja');
    expect(code('Ado Odo/Ota', 'Ogun')).toBe('og-ado-odo');
    expect(code('Ado-Odo', 'Ogun')).toBe('og-ado-odo');
    expect(code('Shagamu', 'Ogun')).toBe('og-sagamu');
    expect(code('Somolu', 'Lagos')).toBe('la-shomolu');
    expect(code('Abuja Municipal Area Council', 'Fct')).toBe('fc-municipal');
    expect(code('Municipal Area Council', 'FCT')).toBe('fc-municipal');
    expect(code('Gwagwalada', 'Abuja')).toBe('fc-gwagwalada');
    expect(code('Awka North', 'Anambra')).toBe('an-akwa-north');
    expect(code("Qua'an Pan", 'Plateau')).toBe("pl-qua'an-pan");
    expect(code('Quaan Pan', 'Plateau')).toBe("pl-qua'an-pan");
    expect(code('Obio/Akpor', 'Rivers')).toBe('ri-obio-akpor');
    expect(code('Ogbomoso North', 'Oyo')).toBe('oy-ogbomoso-north');
    expect(code('Alimosh', 'Lagos')).toBe('la-alimosho');
    expect(code('Kura', 'Kano')).toBe('kn-kano');
    // Spellings the register uses.
    expect(code('Nasarawa Egon', 'Nasarawa')).toBe('na-nasarawa-eggon');
    expect(code('Obi Nwga', 'Abia')).toBe('ab-obingwa');
    expect(code('Ezinihitte', 'Imo')).toBe('im-ezinihitte-mbaise');
    expect(code('Onelga', 'Rivers')).toBe('ri-ogba-egbema-ndoni');
    expect(code('Egbado North', 'Ogun')).toBe('og-yewa-north');
    expect(code('Kiri Kasamma', 'Jigawa')).toBe('ji-kiri-kasama');
    expect(code('la-ikeja', 'Lagos')).toBe('la-ikeja');
    // Same name, two states: the state decides.
    expect(code('Surulere', 'Lagos')).toBe('la-surulere');
    expect(code('Surulere', 'Oyo')).toBe('oy-surulere');
    // Direction words are never "corrected" (Oyo Wst is as close to Oyo East as to Oyo West); the rest may be.
    expect(code('Oyo Wst', 'Oyo')).toBeNull();
    expect(code('Oyoo West', 'Oyo')).toBe('oy-oyo-west');
    expect(code('Ibadan North', 'Oyo')).toBe('oy-ibadan-north');
    expect(code('Ibadan North Central', 'Oyo')).toBeNull();
    // Wrong state, unknown name, short misspelling: no match.
    expect(code('Ikeja', 'Ogun')).toBeNull();
    expect(code('Atlantis', 'Lagos')).toBeNull();
    expect(code('Ojp', 'Lagos')).toBeNull();
    expect(code('Ikeja', 'Nowhere')).toBeNull();
  });

  it('files metropolitan LGAs under their city and others under their own name', () => {
    expect(nigeriaLgaByCode('la-ikeja')?.city).toBe('Lagos');
    expect(nigeriaLgaByCode('fc-municipal')?.city).toBe('Abuja');
    expect(nigeriaLgaByCode('oy-ibadan-north')?.city).toBe('Ibadan');
    expect(nigeriaLgaByCode('la-epe')?.city).toBe('Epe');
    expect(nigeriaLgaByCode('nope')).toBeNull();
  });

  it('finds every LGA of a name across states', () => {
    expect(lgasNamed('surulere').map((l) => l.state).sort()).toEqual(['Lagos', 'Oyo']);
    expect(lgasNamed('Ikeja').map((l) => l.code)).toEqual(['la-ikeja']);
    expect(lgasNamed('   ')).toEqual([]);
  });

  it('folds names', () => {
    expect(foldPlaceName('  Ifako-Ijaye  L.G.A. ')).toBe('ifako ijaye l g a');
    expect(foldPlaceName('Ifako-Ijaye LGA')).toBe('ifako ijaye');
    expect(foldPlaceName('Ọ̀yọ́ State')).toBe('oyo');
  });
});
