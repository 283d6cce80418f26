import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '@ilera/db/seed/demo';
import { PostgresEngine, reindexAll } from '@ilera/search';
import { createTestContext, type TestContext } from '../../../../test/support';
import { createRegisterListing } from '../../../../test/factories';

/**
 * Issue 13: what patients type answers exactly what the same search made with
 * filters answers. The directory is generated (the seed's generator, any size:
 * PHRASINGS_PROFESSIONALS), so nothing here depends on who happens to be in it;
 * each structured equivalent is written out by hand.
 */
const professionals = Number(process.env.PHRASINGS_PROFESSIONALS ?? 3000);

type Case = [phrase: string, filterBy: string, q?: string];
const hospitals = 'type:=[`hospital`,`general_hospital`,`specialist_hospital`,`teaching_hospital`,`private_hospital`]';
const labs = 'type:=[`diagnostic_lab`,`diagnostic_center`,`laboratory`]';
const clinics = 'type:=[`clinic`,`practice`,`medical_center`,`urgent-care`,`specialty-center`,`primary_health_centre`,`health_post`]';

const professionalCases: Case[] = [
  ['cardiologist in lagos', 'specialty:=[`Cardiology`] && state:=[`Lagos`]'],
  ['cardiologist lagos', 'specialty:=[`Cardiology`] && state:=[`Lagos`]'],
  ['cardiologist in lagos or abuja', 'specialty:=[`Cardiology`] && state:=[`Lagos`,`FCT`]'],
  ['doctors in ikoyi lagos', 'professionalType:=[`doctor`] && state:=[`Lagos`]'],
  ['mental health doctor in lagos', 'specialty:=[`Psychiatry`] && state:=[`Lagos`]'],
  ['Cardiologists in Lagos', 'specialty:=[`Cardiology`] && state:=[`Lagos`]'],
  ['heart doctor in lagos', 'specialty:=[`Cardiology`] && state:=[`Lagos`]'],
  ['heart specialist lagos state', 'specialty:=[`Cardiology`] && state:=[`Lagos`]'],
  ['cardiolgist in lagos', 'specialty:=[`Cardiology`] && state:=[`Lagos`]'],
  ['best cardiologist near me', 'specialty:=[`Cardiology`]'],
  ['eye doctor', 'specialty:=[`Ophthalmology`]'],
  ['ophthalmologist in abuja', 'specialty:=[`Ophthalmology`] && state:=[`FCT`]'],
  ['eye specialist in Lagos', 'specialty:=[`Ophthalmology`] && state:=[`Lagos`]'],
  ['gynecologist', 'specialty:=[`Obstetrics & Gynecology`]'],
  ['gynaecologist in abuja', 'specialty:=[`Obstetrics & Gynecology`] && state:=[`FCT`]'],
  ["women's doctor in lagos", 'specialty:=[`Obstetrics & Gynecology`] && state:=[`Lagos`]'],
  ['OB-GYN ibadan', 'specialty:=[`Obstetrics & Gynecology`] && city:=[`Ibadan`]'],
  ['obstetrician', 'specialty:=[`Obstetrics & Gynecology`]'],
  ['top gynaecologists in PH', 'specialty:=[`Obstetrics & Gynecology`] && city:=[`Port Harcourt`]'],
  ['pediatrician abuja', 'specialty:=[`Pediatrics`] && state:=[`FCT`]'],
  ['paediatrician in port harcourt', 'specialty:=[`Pediatrics`] && city:=[`Port Harcourt`]'],
  ["children's doctor PH", 'specialty:=[`Pediatrics`] && city:=[`Port Harcourt`]'],
  ['kids doctor in kano', 'specialty:=[`Pediatrics`] && state:=[`Kano`]'],
  ['paediatrics', 'specialty:=[`Pediatrics`]'],
  ['a pediatrician at ikeja', 'specialty:=[`Pediatrics`] && city:=[`Ikeja`]'],
  ['orthopaedic surgeon', 'specialty:=[`Orthopedics`]'],
  ['bone doctor in lagos', 'specialty:=[`Orthopedics`] && state:=[`Lagos`]'],
  ['orthopaedics abuja', 'specialty:=[`Orthopedics`] && state:=[`FCT`]'],
  ['anaesthetist', 'specialty:=[`Anesthesiology`]'],
  ['anaesthesia in lagos', 'specialty:=[`Anesthesiology`] && state:=[`Lagos`]'],
  ['ENT', 'specialty:=[`ENT (Ear, Nose & Throat)`]'],
  ['ent specialist lagos', 'specialty:=[`ENT (Ear, Nose & Throat)`] && state:=[`Lagos`]'],
  ['ear nose and throat doctor', 'specialty:=[`ENT (Ear, Nose & Throat)`]'],
  ['skin doctor', 'specialty:=[`Dermatology`]'],
  ['dermatologist in lagos', 'specialty:=[`Dermatology`] && state:=[`Lagos`]'],
  ['psychiatrist', 'specialty:=[`Psychiatry`]'],
  ['mental health doctor lagos', 'specialty:=[`Psychiatry`] && state:=[`Lagos`]'],
  ['neurologist in lagos', 'specialty:=[`Neurology`] && state:=[`Lagos`]'],
  ['brain doctor', 'specialty:=[`Neurology`]'],
  ['surgeon in abuja', 'specialty:=[`Surgery`] && state:=[`FCT`]'],
  ['general practitioner', 'specialty:=[`General Practice`]'],
  ['GP in ibadan', 'specialty:=[`General Practice`] && city:=[`Ibadan`]'],
  ['family doctor lagos', 'specialty:=[`General Practice`] && state:=[`Lagos`]'],
  ['dentist', 'specialty:=[`Dentistry`]'],
  ['dentists in lagos', 'specialty:=[`Dentistry`] && state:=[`Lagos`]'],
  ['radiologist', 'specialty:=[`Radiology`]'],
  ['pathologist', 'specialty:=[`Pathology`]'],
  ['emergency doctor', 'specialty:=[`Emergency Medicine`]'],
  ['internist', 'specialty:=[`Internal Medicine`]'],
  ['pharmacist in lagos', 'professionalType:=[`pharmacist`] && state:=[`Lagos`]'],
  ['chemist abuja', 'professionalType:=[`pharmacist`] && state:=[`FCT`]'],
  ['pharmacists', 'professionalType:=[`pharmacist`]'],
  ['community pharmacist', 'specialty:=[`Community Pharmacy`]'],
  ['hospital pharmacist in lagos', 'specialty:=[`Hospital Pharmacy`] && state:=[`Lagos`]'],
  ['nurse', 'professionalType:=[`nurse`]'],
  ['nurses in kano state', 'professionalType:=[`nurse`] && state:=[`Kano`]'],
  ['midwife in lagos', 'specialty:=[`Midwifery`] && state:=[`Lagos`]'],
  ['midwives', 'specialty:=[`Midwifery`]'],
  ['paediatric nurse', 'specialty:=[`Pediatric Nursing`]'],
  ['registered nurse abuja', 'specialty:=[`General Nursing`] && state:=[`FCT`]'],
  ['doctor in enugu', 'professionalType:=[`doctor`] && state:=[`Enugu`]'],
  ['doctors in VI', 'professionalType:=[`doctor`] && state:=[`Lagos`]'],
  ['the best doctor in abuja', 'professionalType:=[`doctor`] && state:=[`FCT`]'],
  // Typos patients make: a letter missed, swapped or doubled in a specialty, a person or a long place name.
  ['pediatritian abuja', 'specialty:=[`Pediatrics`] && state:=[`FCT`]'],
  ['peadiatrician in lagos', 'specialty:=[`Pediatrics`] && state:=[`Lagos`]'],
  ['gynacologist', 'specialty:=[`Obstetrics & Gynecology`]'],
  ['gynecolgist abuja', 'specialty:=[`Obstetrics & Gynecology`] && state:=[`FCT`]'],
  ['dentst in ikeja', 'specialty:=[`Dentistry`] && city:=[`Ikeja`]'],
  ['cardiolgy', 'specialty:=[`Cardiology`]'],
  ['opthalmologist', 'specialty:=[`Ophthalmology`]'],
  ['dermatoligist', 'specialty:=[`Dermatology`]'],
  ['psychatrist in abuja', 'specialty:=[`Psychiatry`] && state:=[`FCT`]'],
  ['neurologst in lagos', 'specialty:=[`Neurology`] && state:=[`Lagos`]'],
  ['pharmasist in kano', 'professionalType:=[`pharmacist`] && state:=[`Kano`]'],
  ['dentist in port harcort', 'specialty:=[`Dentistry`] && city:=[`Port Harcourt`]'],
  ['doctors in maiduguiri', 'professionalType:=[`doctor`] && city:=[`Maiduguri`]'],
  // A typo in a plural: the letters typed count, not the word without its "s".
  ['nures in kano', 'professionalType:=[`nurse`] && state:=[`Kano`]'],
  ['docotrs in enugu', 'professionalType:=[`doctor`] && state:=[`Enugu`]'],
];

const institutionCases: Case[] = [
  ['lab in ibadan', `${labs} && city:=[\`Ibadan\`]`],
  ['laboratory lagos', `${labs} && state:=[\`Lagos\`]`],
  ['diagnostic centre abuja', `${labs} && state:=[\`FCT\`]`],
  ['pharmacy in lagos', 'type:=[`pharmacy`] && state:=[`Lagos`]'],
  ['chemist in abuja', 'type:=[`pharmacy`] && state:=[`FCT`]'],
  ['pharmacies', 'type:=[`pharmacy`]'],
  ['hospital in lagos', `${hospitals} && state:=[\`Lagos\`]`],
  ['hospitals', hospitals],
  ['x-ray in lagos', 'services:=[`X-Ray`] && state:=[`Lagos`]'],
  ['xray abuja', 'services:=[`X-Ray`] && state:=[`FCT`]'],
  ['maternity in lagos', 'services:=[`Maternity Services`] && state:=[`Lagos`]'],
  ['emergency hospital lagos', `services:=[\`Emergency Care\`] && ${hospitals} && state:=[\`Lagos\`]`],
  ['blood test in PH', 'services:=[`Blood Tests`] && city:=[`Port Harcourt`]'],
  ['clinic in lagos', `${clinics} && state:=[\`Lagos\`]`],
  // Typos
  ['phamarcy in kano', 'type:=[`pharmacy`] && state:=[`Kano`]'],
  ['pharmcy lagos', 'type:=[`pharmacy`] && state:=[`Lagos`]'],
  ['hospitl port harcourt', `${hospitals} && city:=[\`Port Harcourt\`]`],
  ['hosptal in abuja', `${hospitals} && state:=[\`FCT\`]`],
  ['labouratory in lagos', `${labs} && state:=[\`Lagos\`]`],
  ['maternaty in lagos', 'services:=[`Maternity Services`] && state:=[`Lagos`]'],
  // Issue 33: the register's LGAs, its primary health centres, and "near me" (the device's location
  // is the client's to send: the words alone narrow nothing).
  ['clinic in kosofe', `${clinics} && lga:=[\`Kosofe\`]`],
  ['phc in lagos mainland', 'type:=[`primary_health_centre`] && lga:=[`Lagos Mainland`]'],
  ['primary health centres at bwari', 'type:=[`primary_health_centre`] && lga:=[`Bwari`]'],
  ['health post in kosofe lga', 'type:=[`health_post`] && lga:=[`Kosofe`]'],
  ['surulere local government', 'lga:=[`Surulere`]'],
  ['clinic near me', clinics],
  ['hospital nearby', hospitals],
  ['nearest pharmacy', 'type:=[`pharmacy`]'],
];

describe('patient phrasings answer what their structured search answers', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
    await seedDemo(ctx.sql, { professionals, institutions: Math.round(professionals / 5), appointments: 0, reviews: 0, patients: 10 });
    // Register listings (issue 33) in a few LGAs; Surulere is an LGA of Lagos and of Oyo.
    const listing = (name: string, state: string, lga: string, type = 'primary_health_centre') =>
      createRegisterListing(ctx.sql, { name, state, lga, type });
    await listing('PHC Sabo', 'Lagos', 'Lagos Mainland');
    await listing('PHC Onike', 'Lagos', 'Lagos Mainland');
    await listing('Ebute Metta Health Post', 'Lagos', 'Lagos Mainland', 'health_post');
    await listing('PHC Ketu', 'Lagos', 'Kosofe');
    await listing('Ojota Health Post', 'Lagos', 'Kosofe', 'health_post');
    await listing('Kosofe Comprehensive Clinic', 'Lagos', 'Kosofe', 'clinic');
    await listing('PHC Kubwa', 'FCT', 'Bwari');
    await listing('PHC Aguda', 'Lagos', 'Surulere');
    await listing('PHC Iresa', 'Oyo', 'Surulere');
    await reindexAll(ctx.sql, { engine: new PostgresEngine(ctx.sql) });
  }, 300_000);
  afterAll(async () => ctx?.close());

  interface Result {
    found: number;
    hits: { document: Record<string, unknown> }[];
    understood?: { field: string; value: string }[];
  }
  const search = async (collection: string, q: string, filterBy?: string): Promise<Result> => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/search/multi_search',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ searches: [{ collection, q, filter_by: filterBy, per_page: 50 }] }),
    });
    expect(res.statusCode).toBe(200);
    const [r] = res.json().results;
    expect(r.error).toBeUndefined();
    return r;
  };
  const ids = (r: Result) => r.hits.map((h) => h.document.id);

  const cases: [collection: string, phrase: string, filterBy: string, q?: string][] = [
    ...professionalCases.map(([phrase, filterBy, q]) => ['professionals', phrase, filterBy, q] as [string, string, string, string?]),
    ...institutionCases.map(([phrase, filterBy, q]) => ['institutions', phrase, filterBy, q] as [string, string, string, string?]),
  ];

  it('has at least 60 phrasings', () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
  });

  it.each(cases)('%s: "%s"', async (collection, phrase, filterBy, q) => {
    const structured = await search(collection, q ?? '*', filterBy);
    expect(structured.found).toBeGreaterThan(0);
    const typed = await search(collection, phrase);
    expect(typed.found).toBe(structured.found);
    expect(ids(typed)).toEqual(ids(structured));
  });

  it('answers "cardiologist in lagos" on the GET search exactly as specialty=Cardiology&state=Lagos', async () => {
    const typed = (await ctx.app.inject({ url: '/api/professionals/search?query=cardiologist%20in%20lagos&perPage=50' })).json();
    const structured = (await ctx.app.inject({ url: '/api/professionals/search?specialty=Cardiology&state=Lagos&perPage=50' })).json();
    expect(structured.found).toBeGreaterThan(0);
    expect(typed.found).toBe(structured.found);
    expect(typed.hits.map((h: { id: string }) => h.id)).toEqual(structured.hits.map((h: { id: string }) => h.id));
    expect(typed.facets).toEqual(structured.facets);
    expect(typed.understood).toEqual([
      { field: 'specialty', value: 'Cardiology', label: 'Cardiology', text: 'cardiologist' },
      { field: 'state', value: 'Lagos', label: 'Lagos', text: 'lagos' },
    ]);
    expect(structured.understood).toEqual([]);
  });

  it('keeps a name as text beside what it understood', async () => {
    const [row] = await ctx.sql<{ surname: string }[]>`
      SELECT u.last_name AS surname FROM professionals p JOIN users u ON u.id = p.user_id
      WHERE p.status = 'approved' AND p.specialty = 'Cardiology' AND p.state = 'Lagos' LIMIT 1`;
    const name = row.surname;
    const structured = await search('professionals', name, 'specialty:=[`Cardiology`] && state:=[`Lagos`]');
    const typed = await search('professionals', `Dr ${name} cardiologist in Lagos`);
    expect(structured.found).toBeGreaterThan(0);
    expect(ids(typed)).toEqual(ids(structured));
    expect(typed.understood?.map((u) => u.value)).toEqual(['Cardiology', 'Lagos']);
  });

  it('ranks only eye doctors for "eye doctor"', async () => {
    const r = await search('professionals', 'eye doctor');
    expect(r.hits.length).toBeGreaterThan(0);
    expect(new Set(r.hits.map((h) => h.document.specialty))).toEqual(new Set(['Ophthalmology']));
  });

  it('says "clinic near me" asks for the device, with a chip (issue 33), on both kinds of search', async () => {
    const r = await search('institutions', 'clinic near me');
    expect(r.understood).toEqual([
      { field: 'type', value: 'clinic', label: 'Clinics and health centres', text: 'clinic' },
      { field: 'near', value: 'device', label: 'Near you', text: 'near me' },
    ]);
    const get = (await ctx.app.inject({ url: '/api/institutions/search?query=clinic%20near%20me' })).json();
    expect(get.understood.map((u: { field: string }) => u.field)).toEqual(['type', 'near']);
  });

  it('says "clinic near me" typed while searching professionals asks for institutions (a clinic is one), and the same words there find clinics', async () => {
    const asked = { field: 'collection', value: 'institutions', label: 'Institutions', text: 'clinic' };
    const pro = await search('professionals', 'clinic near me');
    expect(pro.understood).toEqual([{ field: 'near', value: 'device', label: 'Near you', text: 'near me' }, asked]);
    const get = (await ctx.app.inject({ url: '/api/professionals/search?query=clinic%20near%20me' })).json();
    expect(get.understood).toContainEqual(asked);
    // A kind of professional named, or chosen, keeps the search where it is.
    for (const [q, filterBy] of [['eye clinic', undefined], ['doctor at lagoon hospital', undefined], ['clinic', 'professionalType:=[`doctor`]']] as const) {
      expect((await search('professionals', q, filterBy)).understood?.some((u) => u.field === 'collection')).toBe(false);
    }
    // Where it sends the patient, the words find clinics near them.
    const inst = await search('institutions', 'clinic near me');
    expect(inst.understood?.map((u) => u.field)).toEqual(['type', 'near']);
    expect(inst.found).toBeGreaterThan(0);
  });

  it('finds an LGA in every state that has one so named, with its chip', async () => {
    const r = await search('institutions', 'surulere lga');
    expect(r.hits.map((h) => `${h.document.name}, ${h.document.state}`).sort()).toEqual(['PHC Aguda, Lagos', 'PHC Iresa, Oyo']);
    expect(r.understood).toEqual([{ field: 'lga', value: 'Surulere', label: 'Surulere LGA', text: 'surulere lga' }]);
    const kosofe = await search('institutions', 'clinic in kosofe');
    expect(kosofe.hits.map((h) => h.document.name).sort()).toEqual(['Kosofe Comprehensive Clinic', 'Ojota Health Post', 'PHC Ketu']);
  });

  it('lets a filter the client chose win over the words', async () => {
    const r = await search('professionals', 'cardiologist in lagos', 'state:=[`Kano`]');
    const structured = await search('professionals', '*', 'state:=[`Kano`] && specialty:=[`Cardiology`]');
    expect(ids(r)).toEqual(ids(structured));
    expect(r.understood?.map((u) => u.field)).toEqual(['specialty']);
  });
});
