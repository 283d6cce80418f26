import { describe, expect, it } from 'vitest';
import { institutionTypeLabel } from '@ilera/contracts';
import { phrasesFor } from './patient-words';
import { filteredFields, RegisterWards, understand } from './query-understanding';

const pro = (q: string, filtered?: string[]) => understand('professionals', q, new Set(filtered));
const inst = (q: string) => understand('institutions', q);
const chips = (u: ReturnType<typeof understand>) => u.understood.map((x) => `${x.field}=${x.value}`);

describe('query understanding', () => {
  it('turns a specialty and a place into filters and drops the words that mean nothing', () => {
    const u = pro('cardiologist in lagos');
    expect(u.q).toBe('');
    expect(u.understood).toEqual([
      { field: 'specialty', value: 'Cardiology', label: 'Cardiology', text: 'cardiologist' },
      { field: 'state', value: 'Lagos', label: 'Lagos', text: 'lagos' },
    ]);
    expect(u.filters).toEqual(['specialty:=[`Cardiology`]', 'state:=[`Lagos`]']);
  });

  it.each([
    ['eye doctor', ['specialty=Ophthalmology']],
    ['heart doctor', ['specialty=Cardiology']],
    ["children's doctor", ['specialty=Pediatrics']],
    ["women's doctor", ['specialty=Obstetrics & Gynecology']],
    ['OB-GYN', ['specialty=Obstetrics & Gynecology']],
    ['gynaecologist', ['specialty=Obstetrics & Gynecology']],
    ['gynecologist', ['specialty=Obstetrics & Gynecology']],
    ['paediatrician', ['specialty=Pediatrics']],
    ['Paediatrics', ['specialty=Pediatrics']],
    ['orthopaedics', ['specialty=Orthopedics']],
    ['anaesthesia', ['specialty=Anesthesiology']],
    ['ENT', ['specialty=ENT (Ear, Nose & Throat)']],
    ['ear nose and throat', ['specialty=ENT (Ear, Nose & Throat)']],
    ['dentist', ['specialty=Dentistry']],
    ['cardiologists', ['specialty=Cardiology']],
    ['cardiolgist', ['specialty=Cardiology']],
    ['nuerologist', ['specialty=Neurology']],
    ['psychaitrist', ['specialty=Psychiatry']],
    ['opthalmologist', ['specialty=Ophthalmology']],
    ['phamacist', ['professionalType=pharmacist']],
    ['chemist', ['professionalType=pharmacist']],
    ['nurses in kano state', ['professionalType=nurse', 'state=Kano']],
    ['pediatrician abuja', ['specialty=Pediatrics', 'state=FCT']],
    ['paediatrician in PH', ['specialty=Pediatrics', 'city=Port Harcourt']],
    ['best skin doctor near Ikeja', ['specialty=Dermatology', 'city=Ikeja']],
    ['midwife VI', ['specialty=Midwifery', 'state=Lagos']],
    ['pediatric nurse in ibadan', ['specialty=Pediatric Nursing', 'city=Ibadan']],
    ['mental health', ['specialty=Psychiatry']],
    ['mental health nurse', ['specialty=Mental Health Nursing']],
    ['throat doctor', ['specialty=ENT (Ear, Nose & Throat)']],
    ['fertility doctor in lagos', ['specialty=Obstetrics & Gynecology', 'state=Lagos']],
  ])('"%s" is understood as %j', (q, expected) => {
    const u = pro(q);
    expect(chips(u)).toEqual(expected);
    expect(u.q).toBe('');
  });

  it('keeps a name as text, and "Dr" says nothing', () => {
    expect(pro('Dr Bakare')).toMatchObject({ q: 'Bakare', understood: [] });
    expect(pro('Adaeze Okonkwo lagos')).toMatchObject({ q: 'Adaeze Okonkwo', understood: [{ field: 'state', value: 'Lagos' }] });
  });

  it('does not read a short name as a misspelt place', () => {
    expect(pro('Jose').understood).toEqual([]);
    expect(pro('Jose').q).toBe('Jose');
  });

  it('never reads a word of the vocabulary as a typo of another ("mental" is not "dental")', () => {
    expect(pro('mental')).toMatchObject({ q: 'mental', understood: [] });
    expect(chips(pro('dental'))).toEqual(['specialty=Dentistry']);
  });

  it.each(['Ilori', 'Asabe', 'Laraba', 'Maria', 'Nigel', 'Della', 'Rivera', 'Katrina'])(
    'keeps the name "%s" as text, not as the place one letter away',
    (name) => {
      expect(pro(`Dr ${name}`)).toMatchObject({ q: name, understood: [] });
      expect(understand('institutions', name).understood).toEqual([]);
    },
  );

  it('still reads a long misspelt place', () => {
    expect(chips(pro('paediatrician in maiduguiri'))).toEqual(['specialty=Pediatrics', 'city=Maiduguri']);
    expect(chips(pro('port harcort'))).toEqual(['city=Port Harcourt']);
  });

  it('allows a plural the typos of the word as typed ("nures" is five letters, not the four of "nure")', () => {
    expect(chips(pro('nures in kano'))).toEqual(['professionalType=nurse', 'state=Kano']);
    expect(pro('nures in kano').q).toBe('');
    expect(chips(pro('docotrs in enugu'))).toEqual(['professionalType=doctor', 'state=Enugu']);
    // Still none for a word of four letters or fewer as typed.
    expect(pro('nure').understood).toEqual([]);
  });

  it('keeps "doctor" as the type when no specialty is named', () => {
    expect(chips(pro('doctor in enugu'))).toEqual(['professionalType=doctor', 'state=Enugu']);
  });

  it('lets an explicit filter win: its words are neither a filter nor text', () => {
    const u = pro('cardiologist in lagos', ['state']);
    expect(chips(u)).toEqual(['specialty=Cardiology']);
    expect(u.q).toBe('');
  });

  it('returns the words as typed, so a client can remove a chip', () => {
    const u = pro('Best Heart Doctor in Port Harcourt');
    expect(u.understood.map((x) => x.text)).toEqual(['Heart Doctor', 'Port Harcourt']);
  });

  it('understands institution types, services and places', () => {
    expect(chips(inst('lab in ibadan'))).toEqual(['type=diagnostic_lab', 'city=Ibadan']);
    expect(inst('lab in ibadan').filters[0]).toBe('type:=[`diagnostic_lab`,`diagnostic_center`,`laboratory`]');
    expect(chips(inst('chemist lekki'))).toEqual(['type=pharmacy', 'city=Lekki']);
    expect(chips(inst('x-ray abuja'))).toEqual(['services=X-Ray', 'state=FCT']);
    expect(chips(inst('dialysis centre'))).toEqual(['services=Dialysis Center']);
    // D17 (issue 34): an eye or a dental clinic is what it offers.
    expect(inst('Dental Clinic')).toMatchObject({ q: '', understood: [{ field: 'services', value: 'Dentistry', label: 'Dentistry' }] });
    expect(chips(inst('eye clinic in kano'))).toEqual(['services=Ophthalmology', 'state=Kano']);
  });

  it('reads the register\'s primary health centres and health posts as clinics, and by their own names', () => {
    expect(inst('clinic').filters[0]).toContain('`primary_health_centre`,`health_post`');
    expect(chips(inst('phc in bwari'))).toEqual(['type=primary_health_centre', 'lga=Bwari']);
    expect(chips(inst('primary health centre'))).toEqual(['type=primary_health_centre']);
    expect(chips(inst('health post'))).toEqual(['type=health_post']);
    expect(inst('health centre').filters[0]).toBe('type:=[`medical_center`,`primary_health_centre`]');
  });

  it('keeps the words that name a facility as text', () => {
    expect(inst('federal medical centre owerri')).toMatchObject({
      q: 'federal',
      understood: [{ field: 'type', value: 'medical_center' }, { field: 'city', value: 'Owerri' }],
    });
    expect(inst('Eko hospital')).toMatchObject({ q: 'Eko', understood: [{ field: 'type', value: 'hospital' }] });
  });

  it('reads two places (or two specialties) as either, and one said twice as one', () => {
    const u = pro('cardiologist in lagos or abuja');
    expect(chips(u)).toEqual(['specialty=Cardiology', 'state=Lagos', 'state=FCT']);
    expect(u.filters).toEqual(['specialty:=[`Cardiology`]', 'state:=[`Lagos`,`FCT`]', '']);
    expect(u.q).toBe('');
    expect(pro('ikoyi lagos')).toMatchObject({ q: '', understood: [{ field: 'state', value: 'Lagos', text: 'ikoyi' }] });
  });

  it('reads places written with tone marks', () => {
    // "dókítà" is a doctor since issue 50 (the glossary's Yoruba for doctor).
    expect(pro('dókítà ní Ọ̀yọ́')).toMatchObject({
      q: 'ní',
      understood: [{ field: 'professionalType', value: 'doctor', text: 'dókítà' }, { field: 'state', value: 'Oyo', text: 'Ọ̀yọ́' }],
    });
    expect(chips(pro('nurse in Òṣogbo'))).toEqual(['professionalType=nurse', 'city=Osogbo']);
  });

  describe('LGAs (issue 33)', () => {
    it.each([
      ['clinic in kosofe', ['type=clinic', 'lga=Kosofe'], 'Kosofe LGA (Lagos)'],
      ['hospital in bwari', ['type=hospital', 'lga=Bwari'], 'Bwari LGA (Abuja)'],
      ['clinic in eti osa', ['type=clinic', 'lga=Eti-Osa'], 'Eti-Osa LGA (Lagos)'],
      ['clinic in Eti-Osa', ['type=clinic', 'lga=Eti-Osa'], 'Eti-Osa LGA (Lagos)'],
      ['pharmacy at obio akpor', ['type=pharmacy', 'lga=Obio/Akpor'], 'Obio/Akpor LGA (Rivers)'],
      ['hospital in abuja municipal', ['type=hospital', 'lga=Abuja Municipal'], 'Abuja Municipal LGA (Abuja)'],
      ['clinic in nassarawa', ['type=clinic', 'lga=Nassarawa'], 'Nassarawa LGA (Kano)'],
      // Two words: no surname, read wherever it stands; longer than the city inside it ("Jos").
      ['hospital jos north', ['type=hospital', 'lga=Jos North'], 'Jos North LGA (Plateau)'],
      ['aba north', ['lga=Aba North'], 'Aba North LGA (Abia)'],
      // Said as an LGA.
      ['kosofe lga', ['lga=Kosofe'], 'Kosofe LGA (Lagos)'],
      ['Ikwo Local Government Area', ['lga=Ikwo'], 'Ikwo LGA (Ebonyi)'],
    ])('"%s" is understood as %j', (q, expected, label) => {
      const u = inst(q);
      expect(chips(u)).toEqual(expected);
      expect(u.understood.at(-1)!.label).toBe(label);
      expect(u.q).toBe('');
    });

    it('filters on the LGA name, which finds it in every state that has one so named', () => {
      const u = inst('clinic in surulere local government');
      expect(u.understood[1]).toMatchObject({ field: 'lga', value: 'Surulere', label: 'Surulere LGA', text: 'surulere local government' });
      expect(u.filters[1]).toBe('lga:=[`Surulere`]');
      expect(inst('hospital in obi').filters[1]).toBe('lga:=[`Obi`]');
    });

    it('reads a name that is also a state, city or district as that, and as the LGA when said so', () => {
      expect(chips(inst('hospital in ekiti'))).toEqual(['type=hospital', 'state=Ekiti']); // not Kwara's Ekiti LGA
      expect(chips(inst('clinic in ikeja'))).toEqual(['type=clinic', 'city=Ikeja']);
      expect(chips(inst('clinic in ikeja lga'))).toEqual(['type=clinic', 'lga=Ikeja']);
      expect(chips(pro('doctor in port harcourt'))).toEqual(['professionalType=doctor', 'city=Port Harcourt']);
      expect(chips(pro('doctor in port harcourt lga'))).toEqual(['professionalType=doctor', 'lga=Port Harcourt']);
      expect(chips(inst('hospital in surulere'))).toEqual(['type=hospital', 'state=Lagos']);
      expect(chips(inst('hospital in surulere lga'))).toEqual(['type=hospital', 'lga=Surulere']);
    });

    it('keeps a one-word LGA name as text unless a place word comes before it (it is often a surname)', () => {
      expect(pro('Dr Obi')).toMatchObject({ q: 'Obi', understood: [] });
      expect(pro('Chinedu Bende cardiologist')).toMatchObject({ q: 'Chinedu Bende', understood: [{ field: 'specialty' }] });
      expect(inst('kosofe')).toMatchObject({ q: 'kosofe', understood: [] });
      expect(chips(pro('cardiologist in obi'))).toEqual(['specialty=Cardiology', 'lga=Obi']);
    });

    it('takes a typo in a long LGA name only', () => {
      expect(chips(inst('clinic in arochukwo'))).toEqual(['type=clinic', 'lga=Arochukwu']);
      expect(inst('clinic in ikwerrre').understood.map((u) => u.field)).toEqual(['type']); // a place of 7 letters: none
      expect(inst('clinic in ikwu').understood.map((u) => u.field)).toEqual(['type']);
    });

    it('an LGA with "near me" still asks for the device', () => {
      expect(chips(inst('clinic near me in kosofe'))).toEqual(['type=clinic', 'lga=Kosofe', 'near=device']);
    });
  });

  describe('"near me" (issue 33, D23)', () => {
    const near = { field: 'near', value: 'device', label: 'Near you' };
    it.each([
      ['clinic near me', 'near me'],
      ['clinic near to me', 'near to me'],
      ['Clinic Near Me', 'Near Me'],
      ['hospital nearby', 'nearby'],
      ['nearest hospital', 'nearest'],
      ['closest pharmacy', 'closest'],
      ['pharmacy around me', 'around me'],
      ['lab close to me', 'close to me'],
    ])('"%s" asks for the device\'s location', (q, text) => {
      const u = inst(q);
      expect(u.near).toBe('device');
      expect(u.understood.at(-1)).toEqual({ ...near, text });
      expect(u.filters.at(-1)).toBe('');
      expect(u.q).toBe('');
    });

    it('"clinic near me" is the clinics, near the device, with nothing left as text', () => {
      expect(inst('clinic near me')).toEqual({
        q: '',
        understood: [
          { field: 'type', value: 'clinic', label: 'Clinics and health centres', text: 'clinic' },
          { ...near, text: 'near me' },
        ],
        filters: ['type:=[`clinic`,`practice`,`medical_center`,`urgent-care`,`specialty-center`,`primary_health_centre`,`health_post`]', ''],
        near: 'device',
      });
      expect(chips(pro('cardiologist near me'))).toEqual(['specialty=Cardiology', 'near=device']);
      expect(pro('Dr Bakare near me')).toMatchObject({ q: 'Bakare', near: 'device' });
    });

    it('"nearest" beside a place searches that place; "near" before a place is the place', () => {
      expect(inst('nearest hospital in yaba').near).toBeUndefined();
      expect(inst('nearest hospital in yaba').q).toBe('');
      expect(chips(inst('nearest hospital in yaba'))).toEqual(['type=hospital', 'state=Lagos']);
      expect(chips(pro('doctor near ikeja'))).toEqual(['professionalType=doctor', 'city=Ikeja']);
      expect(pro('doctor near ikeja').near).toBeUndefined();
      // "near me" is said outright: the device, beside the place.
      expect(chips(pro('doctors near me in lagos'))).toEqual(['professionalType=doctor', 'state=Lagos', 'near=device']);
    });

    it('asks nothing when the words do not ask for it', () => {
      expect(inst('clinic').near).toBeUndefined();
      expect(pro('me').near).toBeUndefined();
    });
  });

  // Issue 34: a chip must say what its filter applies.
  it('a chip names the group its filter applies: "diagnostic lab port harcourt" is labs and diagnostic centres', () => {
    const u = inst('diagnostic lab port harcourt');
    expect(u.understood.map((x) => x.label)).toEqual(['Labs and diagnostic centres', 'Port Harcourt']);
    expect(u.filters[0]).toBe('type:=[`diagnostic_lab`,`diagnostic_center`,`laboratory`]');
    expect(pro('dentist in vi').understood.map((x) => x.label)).toEqual(['Dentistry', 'All of Lagos (for Victoria Island)']);
  });

  it.each(['professionals', 'institutions'] as const)('every %s word standing for several values has a chip naming the group, not one of them', (collection) => {
    const wrong: string[] = [];
    for (const p of phrasesFor(collection)) {
      const { field, values, label } = p.target;
      const single = (v: string) => (field === 'type' ? institutionTypeLabel(v) : v);
      if (values.length > 1 && values.some((v) => single(v).toLowerCase() === label.toLowerCase())) wrong.push(`${p.text}: ${label}`);
      if (values.length === 1 && field === 'type' && label !== single(values[0]!)) wrong.push(`${p.text}: ${label}`);
    }
    // A district filters on its whole state: its chip names the state, not the district alone.
    for (const p of phrasesFor(collection)) {
      if (p.target.field === 'state' && !p.target.label.startsWith('All of') && p.target.label !== p.target.values[0] && p.target.label !== 'Abuja (FCT)') {
        wrong.push(`${p.text}: ${p.target.label}`);
      }
    }
    expect([...new Set(wrong)]).toEqual([]);
  });

  it('reads the fields of a filter_by string', () => {
    expect([...filteredFields('state:=[`Lagos`] && specialty:=[`Cardiology`]')]).toEqual(['state', 'specialty']);
    expect([...filteredFields(undefined)]).toEqual([]);
  });
});

describe('the register\'s wards (issue 33)', () => {
  const wards = new RegisterWards([
    { ward: 'Onike', lga: 'Lagos Mainland', state: 'Lagos' },
    { ward: 'Hospital Road', lga: 'Kosofe', state: 'Lagos' },
    { ward: 'Tudun Nupawa', lga: 'Kaduna North', state: 'Kaduna' },
    { ward: 'Tudun Nupawa', lga: 'Kaduna South', state: 'Kaduna' },
    ...['Fagge', 'Gwale', 'Tarauni', 'Nassarawa'].map((lga) => ({ ward: 'Unguwar Rimi', lga, state: 'Kano' })),
    { ward: 'Ward 3', lga: 'Ikeja', state: 'Lagos' },
    { ward: 'Ikeja', lga: 'Ikeja', state: 'Lagos' },
  ]);
  const lgas = (q: string) => understand('institutions', q, new Set(), wards).understood.filter((u) => u.field === 'lga');

  it('reads a ward after a place word, or as "<name> ward", or of two words anywhere, as its LGAs', () => {
    expect(lgas('clinic in onike')).toEqual([{ field: 'lga', value: 'Lagos Mainland', label: 'All of Lagos Mainland LGA (for Onike)', text: 'onike' }]);
    expect(lgas('onike ward clinic').map((u) => u.text)).toEqual(['onike ward']);
    expect(understand('institutions', 'tudun nupawa', new Set(), wards).filters).toEqual(['lga:=[`Kaduna North`,`Kaduna South`]']);
  });

  it('leaves as text a one-word name without a place word, a typo, a name holding a kind word, one in more than three LGAs, a numbered ward', () => {
    expect(lgas('Onike')).toEqual([]);
    expect(lgas('clinic in onikke')).toEqual([]);
    expect(chips(understand('institutions', 'hospital road', new Set(), wards))).toEqual(['type=hospital']);
    expect(lgas('clinic in unguwar rimi')).toEqual([]);
    expect(lgas('clinic in ward 3')).toEqual([]);
    // A town of the same name stays the town.
    expect(chips(understand('institutions', 'clinic in ikeja', new Set(), wards))).toContain('city=Ikeja');
    // Without the wards, none is a place.
    expect(understand('institutions', 'clinic in onike').understood.some((u) => u.field === 'lga')).toBe(false);
  });
});

describe('words understood once a process (issue 47)', () => {
  it('answers the same words alike however often asked, and reads a new set of wards, another explicit filter, another collection at once', () => {
    const first = understand('institutions', 'clinic in onike');
    expect(understand('institutions', 'clinic in onike')).toEqual(first);
    expect(first.understood.some((u) => u.field === 'lga')).toBe(false);
    // The register imported since: the same words read with the new wards name the ward's LGA.
    const imported = new RegisterWards([{ ward: 'Onike', lga: 'Lagos Mainland', state: 'Lagos' }]);
    expect(chips(understand('institutions', 'clinic in onike', new Set(), imported))).toEqual(['type=clinic', 'lga=Lagos Mainland']);
    // A type filtered explicitly wins over the same words understood before without it.
    expect(chips(understand('institutions', 'clinic in onike', new Set(['type']), imported))).toEqual(['lga=Lagos Mainland']);
    expect(chips(pro('cardiologist in lagos'))).toEqual(['specialty=Cardiology', 'state=Lagos']);
    expect(chips(pro('cardiologist in lagos', ['state']))).toEqual(['specialty=Cardiology']);
  });
});

describe('words in Hausa, Yoruba, Igbo and Pidgin, from the glossary (issue 50)', () => {
  it.each([
    ['zazzabi'], ['zazzaɓi'], ['Zazzabi'], ['ibà'], ['iba'], ['IBA'], ['ahụ ọkụ'], ['ahu oku'], ['ọkụ ahụ'], ['body dey hot'], ['fever'],
    // Malaria: yo ibà, ig ịba, ha "zazzaɓin cizon sauro".
    ['ịba'], ['zazzabin cizon sauro'], ['malaria'],
  ])('"%s" is a fever: a doctor, a clinic or health centre', (q) => {
    expect(pro(q)).toMatchObject({ q: '', understood: [{ field: 'professionalType', value: 'doctor', label: 'Doctor', text: q }], filters: ['professionalType:=[`doctor`]'] });
    expect(chips(inst(q))).toEqual(['type=clinic']);
  });

  it.each([['juna biyu'], ['aboyún'], ['aboyun'], ['afọ ime'], ['afo ime'], ['belle']])('"%s" is a pregnancy: obstetrics, maternity services', (q) => {
    expect(chips(pro(q))).toEqual(['specialty=Obstetrics & Gynecology']);
    expect(chips(inst(q))).toEqual(['services=Maternity Services']);
  });

  it.each([
    ['likitan yara', 'Pediatrics'], ['dókítà ọmọdé', 'Pediatrics'], ['dokita omode', 'Pediatrics'], ['dọkịta ụmụaka', 'Pediatrics'],
    ['pikin doctor', 'Pediatrics'], ['likitan ido', 'Ophthalmology'], ['dókítà ojú', 'Ophthalmology'], ['dokita anya', 'Ophthalmology'],
    ['likitan haƙori', 'Dentistry'], ['likitan hakori', 'Dentistry'], ['dọkịta eze', 'Dentistry'], ['teeth doctor', 'Dentistry'],
    ['lafiyar zuciya', 'Cardiology'], ['ìlera ọkàn', 'Cardiology'],
  ])('"%s" is the specialty %s', (q, specialty) => {
    expect(pro(q)).toMatchObject({ q: '', understood: [{ field: 'specialty', value: specialty }] });
  });

  it.each([['likita'], ['likitoci'], ['dókítà'], ['dokita'], ['dọkịta'], ['ndị dọkịta']])('"%s" is a doctor', (q) => {
    expect(chips(pro(q))).toEqual(['professionalType=doctor']);
  });

  it.each([['asibiti'], ['ilé ìwòsàn'], ['ilé-ìwòsàn'], ['ile iwosan'], ['ụlọ ọgwụ'], ['ulo ogwu']])('"%s" is a hospital', (q) => {
    expect(inst(q)).toMatchObject({ q: '', understood: [{ field: 'type', value: 'hospital', label: 'Hospitals (all kinds)', text: q }] });
    // Said while searching professionals: the patient wants institutions.
    expect(chips(pro(q))).toEqual(['collection=institutions']);
  });

  it.each([['kantin magani'], ['ilé oògùn'], ['ile-oogun'], ['ụlọ ahịa ọgwụ'], ['chemist']])('"%s" is a pharmacy', (q) => {
    expect(chips(inst(q))).toEqual(['type=pharmacy']);
  });

  it.each([['gaggawa'], ['pàjáwìrì'], ['pajawiri'], ['ihe mberede']])('"%s" is emergency care', (q) => {
    expect(chips(inst(q))).toEqual(['services=Emergency Care']);
  });

  it.each([['kusa da ni'], ['Kusa da ni'], ['nítòsí mi'], ['nitosi mi'], ['nso m']])('"%s" is near me', (q) => {
    expect(inst(q)).toMatchObject({ q: '', understood: [{ field: 'near', value: 'device', label: 'Near you', text: q }], near: 'device' });
  });

  it('reads a whole query in one language, places and "near me" included', () => {
    expect(chips(inst('asibiti kusa da ni'))).toEqual(['type=hospital', 'near=device']);
    expect(chips(inst('kantin magani a Kano'))).toEqual(['type=pharmacy', 'state=Kano']);
    expect(chips(pro('likitan yara a Kano'))).toEqual(['specialty=Pediatrics', 'state=Kano']);
    // A doctor for a child's fever: the specialty says more than the complaint's "a doctor".
    expect(chips(pro('zazzabi likitan yara'))).toEqual(['specialty=Pediatrics']);
    expect(chips(inst('ilé ìwòsàn ní Ìbàdàn'))).toEqual(['type=hospital', 'city=Ibadan']);
  });

  it('understands a query with tone marks and the same typed without them alike', () => {
    for (const [marked, plain] of [['ibà', 'iba'], ['ilé ìwòsàn', 'ile iwosan'], ['nítòsí mi', 'nitosi mi'], ['dọkịta ụmụaka', 'dokita umuaka'], ['zazzaɓi', 'zazzabi']]) {
      const [a, b] = [inst(marked), inst(plain)];
      expect({ q: a.q, filters: a.filters, near: a.near }).toEqual({ q: b.q, filters: b.filters, near: b.near });
      expect(pro(marked).filters).toEqual(pro(plain).filters);
    }
  });

  it('leaves names and places alone: no typos of the glossary\'s words, no word that is also a place', () => {
    // "Bello" is one letter from "belle" (pregnancy); a surname, searched as typed.
    expect(pro('Bello')).toMatchObject({ q: 'Bello', understood: [] });
    expect(pro('Fatima Bello')).toMatchObject({ q: 'Fatima Bello', understood: [] });
    // "zazabi" is no word of the glossary (one letter from zazzabi): text.
    expect(pro('zazabi')).toMatchObject({ q: 'zazabi', understood: [] });
    // Eze (tooth, in "dọkịta eze") and Anya (eye) are surnames and given names: alone they stay text.
    expect(pro('Ngozi Eze')).toMatchObject({ q: 'Ngozi Eze', understood: [] });
    expect(pro('anya')).toMatchObject({ q: 'anya', understood: [] });
    // Oyún (pregnancy) is also Kwara's Oyun LGA: still the place after "in".
    expect(chips(inst('clinic in Oyun'))).toEqual(['type=clinic', 'lga=Oyun']);
  });
});
