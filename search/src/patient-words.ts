// The words patients type, mapped to the values the index holds (issue 13).
// Everything a target points at comes from the canonical lists in contracts/
// (or, for cities, the places our providers list); the phrases are ours: the
// person ("cardiologist"), lay words ("eye doctor"), British spellings as
// Nigerians write them, and the names people use for places ("PH", "VI").
import {
  adminSpecialties,
  allServices,
  allSpecialties,
  institutionTypeLabel,
  institutionTypeValues,
  nigerianStates,
  nigeriaLgas,
  normalizeState,
  type InstitutionType,
} from '@ilera/contracts';
import { glossaryTerms, type GlossaryTerm } from './glossary';
import type { CollectionName } from './schema';

/** 'collection': the words name a kind of the other collection (collectionAsked in query-understanding). */
export type UnderstoodField =
  | 'professionalType'
  | 'specialty'
  | 'type'
  | 'services'
  | 'state'
  | 'city'
  | 'lga'
  | 'near'
  | 'collection'
  // Issue 45, care facts: open now (the API's virtual filter), open 24 hours, a payer's plans, free care,
  // and "cheap" (no filter: the fee order).
  | 'openNow'
  | 'open24Hours'
  | 'plans'
  | 'freeAtPointOfCare'
  | 'sort'
  // Issue 50: the languages a professional consults in (spoken-language.ts).
  | 'languages';

/** The care fields understood words may name (issue 45): filters, not searched text (no Typesense synonyms). */
export const careFields: ReadonlySet<UnderstoodField> = new Set(['openNow', 'open24Hours', 'plans', 'freeAtPointOfCare', 'sort']);

/** What a phrase stands for: a filter on one document field. */
export interface Target {
  field: UnderstoodField;
  /** The values as stored in documents; the filter matches any of them. */
  values: string[];
  /** What a chip shows. */
  label: string;
}

const target = (field: UnderstoodField, values: readonly string[], label: string): Target => ({ field, values: [...values], label });

/** Specialty name -> extra phrases (the name itself, lower-cased, is always a phrase). */
const specialtyWords: Record<string, string[]> = {
  'General Practice': ['gp', 'general practitioner', 'family doctor', 'family medicine', 'family physician', 'general doctor', 'general physician'],
  Cardiology: ['cardiologist', 'heart doctor', 'heart specialist', 'cardiac doctor', 'heart'],
  Neurology: ['neurologist', 'brain doctor', 'nerve doctor', 'brain specialist'],
  Orthopedics: ['orthopedic', 'orthopedist', 'orthopedic surgeon', 'orthopedic doctor', 'bone doctor', 'bone specialist'],
  Pediatrics: ['pediatrician', 'pediatric', "children's doctor", 'child doctor', 'kids doctor', 'baby doctor', 'child specialist'],
  'Obstetrics & Gynecology': [
    'gynecologist', 'gynecology', 'obstetrician', 'obstetrics', 'ob-gyn', 'obgyn', 'ob/gyn', 'ob gyn', 'o&g',
    "women's doctor", 'woman doctor', "women's health", 'gynae', 'gyne', 'obstetrics and gynecology', 'pregnancy doctor',
    'fertility doctor', 'fertility specialist',
  ],
  Psychiatry: ['psychiatrist', 'mental health doctor', 'psychiatric doctor', 'mental health'],
  Dermatology: ['dermatologist', 'skin doctor', 'skin specialist'],
  Ophthalmology: ['ophthalmologist', 'eye doctor', 'eye specialist', 'eye surgeon'],
  'ENT (Ear, Nose & Throat)': [
    'ent', 'ear nose and throat', 'ear nose throat', 'ear nose & throat', 'ent doctor', 'ent specialist', 'ear doctor', 'throat doctor',
    'otolaryngologist', 'otolaryngology', 'otorhinolaryngology',
  ],
  Radiology: ['radiologist'],
  Pathology: ['pathologist'],
  Anesthesiology: ['anesthesiologist', 'anesthesia', 'anesthetist'],
  'Emergency Medicine': ['emergency doctor', 'emergency physician', 'a&e doctor', 'er doctor'],
  Surgery: ['surgeon', 'general surgeon', 'general surgery'],
  'Internal Medicine': ['internist', 'internal medicine physician'],
  Oncology: ['oncologist', 'cancer doctor', 'cancer specialist'],
  Endocrinology: ['endocrinologist', 'diabetes doctor', 'diabetes specialist', 'hormone doctor'],
  Gastroenterology: ['gastroenterologist', 'stomach doctor', 'gastro'],
  Nephrology: ['nephrologist', 'kidney doctor', 'kidney specialist'],
  Pulmonology: ['pulmonologist', 'chest doctor', 'lung doctor', 'chest physician'],
  Urology: ['urologist'],
  Rheumatology: ['rheumatologist', 'arthritis doctor'],
  'Infectious Disease': ['infectious disease specialist', 'infectious diseases'],
  'Plastic Surgery': ['plastic surgeon', 'cosmetic surgeon', 'cosmetic surgery'],
  'Allergy & Immunology': ['allergist', 'immunologist', 'allergy doctor', 'allergy and immunology', 'allergy'],
  Dentistry: ['dentist', 'dental', 'dental surgeon', 'tooth doctor', 'teeth doctor', 'dental doctor'],
  'Community Pharmacy': ['community pharmacist', 'retail pharmacist'],
  'Hospital Pharmacy': ['hospital pharmacist'],
  'Clinical Pharmacy': ['clinical pharmacist'],
  'Industrial Pharmacy': ['industrial pharmacist'],
  'Compounding Pharmacy': ['compounding pharmacist'],
  'General Nursing': ['general nurse', 'registered nurse', 'rn'],
  'Pediatric Nursing': ['pediatric nurse', "children's nurse", 'child nurse'],
  'Surgical Nursing': ['surgical nurse', 'theatre nurse'],
  'Critical Care Nursing': ['critical care nurse', 'icu nurse', 'intensive care nurse'],
  'Mental Health Nursing': ['mental health nurse', 'psychiatric nurse'],
  'Community Health Nursing': ['community health nurse', 'community nurse'],
  Midwifery: ['midwife', 'midwives', 'birth attendant'],
  'Geriatric Nursing': ['geriatric nurse', 'elderly care nurse'],
  'Oncology Nursing': ['oncology nurse', 'cancer nurse'],
  'Emergency Nursing': ['emergency nurse', 'a&e nurse'],
  'Operating Room Nursing': ['operating room nurse', 'operating theatre nurse', 'scrub nurse'],
  'Public Health Nursing': ['public health nurse'],
};

const professionalTypeWords: Record<string, string[]> = {
  doctor: ['doctor', 'physician', 'medical doctor', 'specialist'],
  pharmacist: ['pharmacist', 'chemist', 'druggist'],
  nurse: ['nurse', 'nursing'],
};

/**
 * Institution types patients name, each standing for the canonical values it covers. A chip must
 * say what its filter applies (issue 34): a group's label names the group, never one of its types.
 */
const institutionTypeGroups: { words: string[]; values: InstitutionType[]; label: string }[] = [
  {
    words: ['hospital', 'hospitals'],
    values: ['hospital', 'general_hospital', 'specialist_hospital', 'teaching_hospital', 'private_hospital'],
    label: 'Hospitals (all kinds)',
  },
  // The registration form's one "Hospital" is usually a general hospital: both, and the chip says so.
  { words: ['general hospital'], values: ['general_hospital', 'hospital'], label: 'General Hospital or Hospital' },
  {
    words: ['specialist hospital', 'specialty hospital', 'specialty clinic', 'specialist clinic', 'specialist centre', 'specialty centre'],
    values: ['specialist_hospital', 'specialty-center'],
    label: 'Specialist hospitals and centres',
  },
  // Not "federal medical centre": the directory lists FMCs as medical centres ("Federal Medical Centre, Owerri").
  { words: ['teaching hospital', 'university hospital'], values: ['teaching_hospital'], label: 'Teaching Hospital' },
  { words: ['private hospital'], values: ['private_hospital'], label: 'Private Hospital' },
  // The register's primary health centres and health posts (issue 33) are most Nigerians' clinic.
  {
    words: ['clinic', 'clinics'],
    values: ['clinic', 'practice', 'medical_center', 'urgent-care', 'specialty-center', 'primary_health_centre', 'health_post'],
    label: 'Clinics and health centres',
  },
  { words: ['medical centre', 'medical center'], values: ['medical_center'], label: 'Medical Center' },
  { words: ['health centre', 'health center'], values: ['medical_center', 'primary_health_centre'], label: 'Health and medical centres' },
  {
    words: ['primary health centre', 'primary health care centre', 'primary healthcare centre', 'phc', 'phcs'],
    values: ['primary_health_centre'],
    label: 'Primary Health Centre',
  },
  { words: ['health post', 'health posts'], values: ['health_post'], label: 'Health Post' },
  { words: ['urgent care'], values: ['urgent-care'], label: 'Urgent Care' },
  {
    words: ['pharmacy', 'chemist', 'drugstore', 'drug store', 'patent medicine store', 'medicine store', 'pharmacist'],
    values: ['pharmacy'],
    label: 'Pharmacy',
  },
  {
    words: [
      'lab', 'laboratory', 'diagnostic lab', 'diagnostic laboratory', 'diagnostic centre', 'diagnostic center', 'diagnostics',
      'medical laboratory', 'medical lab', 'test centre', 'scan centre', 'imaging centre',
    ],
    values: ['diagnostic_lab', 'diagnostic_center', 'laboratory'],
    label: 'Labs and diagnostic centres',
  },
  { words: ['maternity home', 'birth home', 'birthing home'], values: ['maternity_home'], label: 'Maternity Home' },
  { words: ['rehab', 'rehabilitation', 'rehabilitation centre', 'physiotherapy', 'physiotherapy centre'], values: ['rehabilitation', 'rehabilitation_center'], label: 'Rehabilitation centres' },
  {
    words: ['mental health facility', 'psychiatric hospital', 'mental hospital', 'neuropsychiatric hospital'],
    values: ['mental_health_facility'],
    label: 'Mental Health Facility',
  },
];

/** Issue 50: the chips' words of the groups (docs/glossary/directory-names.csv has each in every language). */
export const institutionTypeGroupLabels: readonly string[] = institutionTypeGroups.map((g) => g.label);

/** Service name -> extra phrases. */
const serviceWords: Record<string, string[]> = {
  'Emergency Care': ['emergency', 'a&e', 'casualty', 'accident and emergency'],
  'Maternity Services': ['maternity', 'antenatal', 'delivery ward', 'maternity hospital', 'labour ward'],
  'Pediatric Care': ['pediatric', "children's hospital", 'child care'],
  Cardiology: ['cardiac', 'heart', 'cardiac centre', 'heart centre', 'cardiologist'],
  Oncology: ['cancer', 'cancer centre', 'oncologist'],
  Orthopedics: ['orthopedic', 'orthopedic centre', 'bone', 'orthopedic hospital'],
  Neurology: ['neurologist'],
  Surgery: ['surgical', 'surgical centre', 'operation', 'surgeon'],
  'Intensive Care Unit': ['icu', 'intensive care'],
  'Dialysis Center': ['dialysis', 'kidney dialysis'],
  'Laboratory Services': ['lab services', 'laboratory service'],
  Immunizations: ['vaccination', 'vaccine', 'immunization', 'jab'],
  '24/7 Service': ['24/7', '24 hours', '24 hour', 'open 24 hours', 'all night'],
  'Prescription Delivery': ['drug delivery', 'medicine delivery'],
  'Blood Tests': ['blood test', 'blood work'],
  'Urine Analysis': ['urine test', 'urinalysis'],
  'X-Ray': ['xray', 'x ray'],
  'CT Scan': ['ct', 'cat scan', 'ct scan'],
  MRI: ['mri scan'],
  Ultrasound: ['ultrasound scan', 'sonography', 'scan'],
  'ECG/EKG': ['ecg', 'ekg', 'electrocardiogram'],
  Mammography: ['mammogram', 'breast screening'],
  'Genetic Testing': ['dna test', 'genetic test', 'paternity test'],
  // D17: the landing page's "Eye Clinic" and "Dental Clinic" are what these clinics offer.
  Ophthalmology: ['eye clinic', 'eye hospital', 'eye centre', 'eye care', 'eye specialist hospital'],
  Dentistry: ['dental clinic', 'dental centre', 'dental care', 'dental', 'dentist'],
};

/** States as patients name them; `normalizeState` gives the stored spelling ('FCT'). */
const stateWords: Record<string, string[]> = {
  'Federal Capital Territory': ['fct', 'abuja', 'fct abuja', 'abuja fct'],
  'Akwa Ibom': ['akwaibom'],
  'Cross River': ['crossriver'],
  Rivers: ['rivers state'],
  // Not "eko" (Lagos in Yoruba): it is the name of a well-known hospital people search for.
  Lagos: ['lagos state'],
};

/** Cities our providers list as their city, with their state. */
const cities: { city: string; state: string; words?: string[] }[] = [
  { city: 'Ikeja', state: 'Lagos' },
  { city: 'Lekki', state: 'Lagos' },
  { city: 'Ibadan', state: 'Oyo' },
  { city: 'Port Harcourt', state: 'Rivers', words: ['ph', 'portharcourt', 'port-harcourt', 'p.h'] },
  { city: 'Benin City', state: 'Edo', words: ['benin'] },
  { city: 'Jos', state: 'Plateau' },
  { city: 'Calabar', state: 'Cross River' },
  { city: 'Abeokuta', state: 'Ogun' },
  { city: 'Owerri', state: 'Imo' },
  { city: 'Onitsha', state: 'Anambra' },
  { city: 'Awka', state: 'Anambra' },
  { city: 'Ilorin', state: 'Kwara' },
  { city: 'Uyo', state: 'Akwa Ibom' },
  { city: 'Warri', state: 'Delta' },
  { city: 'Maiduguri', state: 'Borno' },
  { city: 'Osogbo', state: 'Osun', words: ['oshogbo'] },
  { city: 'Akure', state: 'Ondo' },
  { city: 'Asaba', state: 'Delta' },
  { city: 'Zaria', state: 'Kaduna' },
  { city: 'Makurdi', state: 'Benue' },
  { city: 'Yola', state: 'Adamawa' },
  { city: 'Lokoja', state: 'Kogi' },
  { city: 'Minna', state: 'Niger' },
  { city: 'Umuahia', state: 'Abia' },
  { city: 'Aba', state: 'Abia' },
  { city: 'Abakaliki', state: 'Ebonyi' },
  { city: 'Yenagoa', state: 'Bayelsa' },
  { city: 'Ado-Ekiti', state: 'Ekiti', words: ['ado ekiti'] },
  { city: 'Lafia', state: 'Nasarawa' },
  { city: 'Jalingo', state: 'Taraba' },
  { city: 'Damaturu', state: 'Yobe' },
  { city: 'Gusau', state: 'Zamfara' },
  { city: 'Dutse', state: 'Jigawa' },
  { city: 'Birnin Kebbi', state: 'Kebbi' },
];

/**
 * Districts people name that providers usually list under their state's main
 * city: they narrow to the state (never to nothing), and the chip says where.
 */
const districts: { name: string; state: string; words: string[] }[] = [
  { name: 'Victoria Island', state: 'Lagos', words: ['vi', 'v.i', 'victoria island'] },
  { name: 'Ikoyi', state: 'Lagos', words: ['ikoyi'] },
  { name: 'Yaba', state: 'Lagos', words: ['yaba'] },
  { name: 'Surulere', state: 'Lagos', words: ['surulere'] },
  { name: 'Ajah', state: 'Lagos', words: ['ajah'] },
  { name: 'Festac', state: 'Lagos', words: ['festac', 'festac town'] },
  { name: 'Ikorodu', state: 'Lagos', words: ['ikorodu'] },
  { name: 'Apapa', state: 'Lagos', words: ['apapa'] },
  { name: 'Maryland', state: 'Lagos', words: ['maryland'] },
  { name: 'Gbagada', state: 'Lagos', words: ['gbagada'] },
  { name: 'Lagos Island', state: 'Lagos', words: ['lagos island'] },
  { name: 'Maitama', state: 'Federal Capital Territory', words: ['maitama'] },
  { name: 'Wuse', state: 'Federal Capital Territory', words: ['wuse', 'wuse 2', 'wuse ii'] },
  { name: 'Garki', state: 'Federal Capital Territory', words: ['garki'] },
  { name: 'Gwarinpa', state: 'Federal Capital Territory', words: ['gwarinpa'] },
  { name: 'Kubwa', state: 'Federal Capital Territory', words: ['kubwa'] },
  { name: 'Asokoro', state: 'Federal Capital Territory', words: ['asokoro'] },
  { name: 'Bodija', state: 'Oyo', words: ['bodija'] },
  { name: 'GRA Port Harcourt', state: 'Rivers', words: ['rumuokoro', 'trans amadi', 'trans-amadi'] },
];

/**
 * Words that say nothing about whom to find: they never narrow a search.
 * `doctor` and its kin are dropped only beside a specialty (the caller decides).
 */
export const stopWords: ReadonlySet<string> = new Set([
  'in', 'near', 'nearby', 'at', 'around', 'the', 'a', 'an', 'best', 'top', 'good', 'great', 'find', 'me', 'my', 'for',
  'of', 'and', 'to', 'with', 'who', 'is', 'are', 'close', 'closest', 'cheap', 'affordable', 'recommended', 'please',
  'i', 'need', 'want', 'looking', 'search', 'available', 'open', 'now', 'today', 'area', 'state', 'city', 'town', 'from',
  'some', 'any', 'or', 'on', 'by', 'within', 'nigeria', 'list', 'show', 'dr', 'doc',
]);

/** The glossary's columns of terms (read before nearMePhrases, which holds the glossary's "near me"). */
const glossaryLanguages = ['english', 'ha', 'yo', 'ig', 'pcm'] as const satisfies readonly (keyof GlossaryTerm)[];

/**
 * Words that ask for what is near the patient (issue 33, D23): the place is wherever the
 * device is, which only the browser can tell. "near me", "around me", "close to me" always
 * ask; "nearby", "closest", "nearest" ask unless the search names a place ("nearest
 * hospital in Yaba" is a search in Yaba). Compared as normalized words.
 */
export const nearMePhrases: readonly { words: readonly string[]; always: boolean }[] = [
  { words: ['near', 'to', 'me'], always: true },
  { words: ['close', 'to', 'me'], always: true },
  { words: ['nearest', 'to', 'me'], always: true },
  { words: ['closest', 'to', 'me'], always: true },
  { words: ['near', 'me'], always: true },
  { words: ['around', 'me'], always: true },
  { words: ['close', 'by'], always: false },
  { words: ['near', 'by'], always: false },
  { words: ['nearby'], always: false },
  { words: ['closest'], always: false },
  { words: ['nearest'], always: false },
  // Issue 50: "near me" in Hausa, Yoruba, Igbo and Pidgin, from the glossary ("kusa da ni", "nítòsí mi", "nso m").
  ...glossaryPhrases('near me').map((words) => ({ words, always: true })),
];

/** Words that add nothing once a specialty or a type of provider is known. */
export const redundantBesideSpecialty: ReadonlySet<string> = new Set([
  'doctor', 'doctors', 'dr', 'doc', 'physician', 'physicians', 'specialist', 'specialists', 'consultant', 'consultants',
  'clinic', 'hospital', 'centre', 'center', 'service', 'services',
]);

// American -> British spellings Nigerians write (paediatrics, gynaecology, orthopaedics, anaesthesia, haematology).
const britishSpellings: [RegExp, string][] = [
  [/pediatr/g, 'paediatr'],
  [/gynec/g, 'gynaec'],
  [/orthoped/g, 'orthopaed'],
  [/anesth/g, 'anaesth'],
  [/hemat/g, 'haemat'],
  [/center/g, 'centre'],
  [/immunization/g, 'immunisation'],
  [/esophag/g, 'oesophag'],
  [/ization/g, 'isation'],
];

function spellings(phrase: string): string[] {
  const out = new Set([phrase]);
  for (const [from, to] of britishSpellings) {
    for (const p of [...out]) if (from.test(p)) out.add(p.replace(from, to));
    for (const p of [...out]) if (p.includes(to)) out.add(p.split(to).join(from.source));
  }
  return [...out];
}

export interface Phrase {
  /** Normalized words (what query words are compared with). */
  words: string[];
  /** The phrase as written here ("lagos", not the normalized "lago"). */
  text: string;
  target: Target;
  /** Read only after a word such as "in" or "at" ("clinic in Ikwo"): see lgaPhrases. */
  afterPlaceWord?: boolean;
  /** Read only as typed, never through a typo (the glossary's words: "belle" must not read "Bello"). */
  exact?: true;
}

function add(list: Phrase[], phrases: readonly string[], t: Target, afterPlaceWord?: boolean): void {
  for (const p of phrases) {
    for (const s of spellings(p.toLowerCase())) {
      list.push({ words: tokenize(s).map((w) => w.norm), text: s, target: t, ...(afterPlaceWord ? { afterPlaceWord } : {}) });
    }
  }
}

/** The words that put a place after them ("in", "at"), for the LGA names read only there. */
export const placeWords: ReadonlySet<string> = new Set(['in', 'at', 'around', 'near', 'within', 'inside']);

/** A query word: its text as typed and its normalized form (lower case, no apostrophes, singular). */
export interface Token {
  text: string;
  norm: string;
  start: number;
  end: number;
}

/** Splits typed text into words, keeping where each stood; `&`, `/` and `-` inside a word stay. */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  const re = /[\p{L}\p{N}][\p{L}\p{M}\p{N}'’&/.\-]*|&/gu;
  for (const m of text.matchAll(re)) {
    const raw = m[0].replace(/[.\-/']+$/u, '');
    if (!raw) continue;
    out.push({ text: raw, norm: normalizeWord(raw), start: m.index!, end: m.index! + raw.length });
  }
  return out;
}

export function normalizeWord(word: string): string {
  // Yoruba and Igbo tone marks and dots ("Ọ̀yọ́", "Òṣogbo") are not part of the name as stored.
  // Hausa's hooked letters (ɓ ɗ ƙ ƴ) are typed as plain ones on most keyboards ("zazzabi" for "zazzaɓi").
  let w = word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/['’ʼ]/g, '').replace(/[ɓɗƙƴ]/g, (c) => 'bdky'['ɓɗƙƴ'.indexOf(c)]!);
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) w = w.slice(0, -1);
  return w;
}

function professionalPhrases(): Phrase[] {
  const list: Phrase[] = [];
  const specialties = [...new Set([...allSpecialties, ...adminSpecialties])];
  for (const s of specialties) {
    const t = target('specialty', [s], s);
    add(list, [s, ...(specialtyWords[s] ?? [])], t);
  }
  for (const [type, words] of Object.entries(professionalTypeWords)) {
    add(list, words, target('professionalType', [type], type[0].toUpperCase() + type.slice(1)));
  }
  return [...list, ...glossaryKindPhrases('professionals', list)];
}

function institutionPhrases(): Phrase[] {
  const list: Phrase[] = [];
  const grouped = new Set(institutionTypeGroups.flatMap((g) => g.values));
  for (const g of institutionTypeGroups) add(list, g.words, target('type', g.values, g.label));
  // Every other canonical type by its own label ("Rehabilitation Center", "Urgent Care").
  for (const v of institutionTypeValues) {
    if (!grouped.has(v)) add(list, [institutionTypeLabel(v)], target('type', [v], institutionTypeLabel(v)));
  }
  for (const s of allServices) add(list, [s, ...(serviceWords[s] ?? [])], target('services', [s], s));
  return [...list, ...glossaryKindPhrases('institutions', list)];
}

/**
 * Issue 50: the glossary's rows (docs/glossary/medical-terms.csv) that name what patients search, each read as
 * the English phrase of the same meaning already understood above, per collection: "zazzabi" (Hausa for
 * fever) is what "doctor" is among professionals and "clinic" among institutions. A complaint is no
 * specialty: fever and malaria ask for a doctor (any: general practitioners, paediatricians, infectious disease
 * specialists all treat them) and, among institutions, the clinics and health centres where most are seen first;
 * pregnancy asks for obstetrics and the maternity services. A row or collection not named here is not read
 * (words of the booking dialog).
 */
const glossaryMeans: Record<string, Partial<Record<CollectionName, string>>> = {
  doctor: { professionals: 'doctor' },
  nurse: { professionals: 'nurse' },
  pharmacist: { professionals: 'pharmacist', institutions: 'pharmacy' },
  hospital: { institutions: 'hospital' },
  pharmacy: { institutions: 'pharmacy' },
  laboratory: { institutions: 'laboratory' },
  emergency: { institutions: 'emergency' },
  cardiology: { professionals: 'cardiology', institutions: 'cardiology' },
  neurology: { professionals: 'neurology', institutions: 'neurology' },
  pediatrics: { professionals: 'pediatrics', institutions: 'pediatric care' },
  fever: { professionals: 'doctor', institutions: 'clinic' },
  malaria: { professionals: 'doctor', institutions: 'clinic' },
  pregnancy: { professionals: 'obstetrics & gynecology', institutions: 'maternity' },
  'child doctor': { professionals: 'child doctor', institutions: 'pediatric care' },
  'eye doctor': { professionals: 'eye doctor', institutions: 'eye clinic' },
  dentist: { professionals: 'dentist', institutions: 'dental' },
};

/** A cell's forms: "likita (pl. likitoci)" is likita and likitoci, "oyún; aboyún" both, "ilé-ìwòsàn" also "ilé ìwòsàn". */
function glossaryForms(cell: string): string[] {
  const out = new Set<string>();
  for (const part of cell.split(';')) {
    const plural = /\(pl\.\s*([^)]+)\)/.exec(part)?.[1];
    for (const f of [part.replace(/\([^)]*\)/g, ''), ...(plural ? [plural] : [])].map((x) => x.trim().toLowerCase()).filter(Boolean)) {
      out.add(f);
      if (f.includes('-')) out.add(f.replace(/-/g, ' '));
    }
  }
  return [...out];
}

/** Every form of a glossary row, in every language, as normalized words. */
function glossaryPhrases(english: string): string[][] {
  const row = glossaryTerms.find((r) => r.english === english);
  if (!row) throw new Error(`The glossary has no row "${english}" (docs/glossary/medical-terms.csv)`);
  const keyed = new Map<string, string[]>();
  for (const lang of glossaryLanguages) {
    for (const f of glossaryForms(row[lang])) {
      const words = tokenize(f).map((t) => t.norm);
      if (words.length) keyed.set(words.join(' '), words);
    }
  }
  return [...keyed.values()];
}

/**
 * The glossary's phrases of a collection, with the targets of `kind` (the English phrases above). Read only as
 * typed (no typos: short words of other languages sit one letter from many names), and never a word alone that
 * is a place's name ("oyún" is also Kwara's Oyun LGA) or is already a phrase of the collection.
 */
function glossaryKindPhrases(collection: CollectionName, kind: readonly Phrase[]): Phrase[] {
  const taken = new Set(kind.map((p) => p.words.join(' ')));
  const places = new Set([...placePhrases(), ...nigeriaLgas.map((l) => ({ words: tokenize(l.name).map((t) => t.norm) }))].map((p) => p.words.join(' ')));
  const list: Phrase[] = [];
  for (const [english, means] of Object.entries(glossaryMeans)) {
    const phrase = means[collection];
    if (!phrase) continue;
    const t = kind.find((p) => p.text === phrase)?.target;
    if (!t) throw new Error(`"${phrase}" (glossary row "${english}") is no phrase of the ${collection}`);
    for (const words of glossaryPhrases(english)) {
      const key = words.join(' ');
      if (taken.has(key) || (words.length === 1 && places.has(key))) continue;
      taken.add(key);
      list.push({ words, text: key, target: t, exact: true });
    }
  }
  return list;
}

/** A payer of the payer list (payers, migration 048), as query understanding reads its name. */
export interface PayerName {
  slug: string;
  name: string;
  kind: string;
}

/** NHIA by the names patients use (the old scheme's NHIS too): the payer whose slug is `nhia` unless the list says otherwise. */
const NHIA_WORDS = ['nhia', 'nhis', 'national health insurance', 'national health insurance authority', 'national health insurance scheme'];

/**
 * Issue 45: what patients ask of care. "open now" (the virtual filter the API reads at the moment of the
 * search), "24 hours" / "24hrs" / "open 24 hours" (open24Hours), NHIA (its plans), "free" (free at the
 * point of care), "cheap" (the fee order). "24/7" stays the pharmacies' service "24/7 Service".
 * Words of these that are stop words ("open", "now", "cheap") start a phrase here only (understand).
 */
function carePhrases(): Phrase[] {
  const list: Phrase[] = [];
  add(list, ['open now', 'open right now', 'opened now', 'currently open', 'open at the moment', 'still open'], target('openNow', ['true'], 'Open now'));
  add(list, ['24 hours', '24hrs', '24 hrs', '24hr', '24 hr', '24 hour', '24-hour', '24-hours', 'open 24 hours', 'open 24hrs', 'open 24 hrs', 'round the clock', 'all night', 'twenty four hours'], target('open24Hours', ['true'], 'Open 24 hours'));
  add(list, NHIA_WORDS, target('plans', ['nhia'], 'Accepts NHIA'));
  add(list, ['free', 'free care', 'free of charge', 'free treatment', 'free consultation', 'no charge'], target('freeAtPointOfCare', ['true'], 'Free at the point of care'));
  add(list, ['cheap', 'cheapest', 'affordable', 'low cost', 'inexpensive', 'cheap price'], target('sort', ['fee'], 'Lowest fee first'));
  return list;
}

/**
 * The payer list's names as plans (issue 45): "Lagos State Health Scheme", "Iroko Health HMO", read only as
 * typed; a name without its "(demo)" or "HMO" ends too. NHIA's names go to the list's NHIA payer. Names the
 * vocabulary already holds (`taken`) stay what they are.
 */
export function payerPhrases(payers: readonly PayerName[], taken: ReadonlySet<string>): Phrase[] {
  const list: Phrase[] = [];
  for (const p of payers) {
    const name = p.name.replace(/\([^)]*\)/g, ' ').replace(/\s+/g, ' ').trim();
    const label = `Accepts ${name}`;
    const t = target('plans', [p.slug], label);
    const names = new Set([name.toLowerCase(), p.slug.replace(/-/g, ' '), name.toLowerCase().replace(/\s+(hmo|scheme)$/, '')]);
    if (p.kind === 'nhia') for (const w of NHIA_WORDS) names.add(w);
    for (const n of names) {
      const words = tokenize(n).map((w) => w.norm);
      if (!words.length || (words.length === 1 && words[0].length < 4) || (taken.has(words.join(' ')) && !(p.kind === 'nhia' && NHIA_WORDS.includes(n)))) continue;
      list.push({ words, text: n, target: t });
    }
  }
  return list;
}

function placePhrases(): Phrase[] {
  const list: Phrase[] = [];
  for (const s of nigerianStates) {
    const stored = normalizeState(s);
    const label = stored === 'FCT' ? 'Abuja (FCT)' : s;
    add(list, [s, `${s} state`, ...(stateWords[s] ?? [])], target('state', [stored], label));
  }
  for (const c of cities) add(list, [c.city, ...(c.words ?? [])], target('city', [c.city], c.city));
  for (const d of districts) {
    const stored = normalizeState(d.state);
    // The filter is the whole state: the chip says so, and for which district.
    add(list, d.words, target('state', [stored], `All of ${stored === 'FCT' ? 'Abuja' : d.state} (for ${d.name})`));
  }
  return list;
}

/**
 * The 774 LGAs (contracts/nigeria-lgas.ts), as the register files its listings (`lga`, issue 33).
 * A name that is also a state, a city or a district above stays that (Ekiti is the state, not
 * Kwara's Ekiti LGA; Ikeja the city providers list, Surulere the district of Lagos) and is an
 * LGA only said as one ("Ikeja LGA", "Surulere local government"). A name of one word is read
 * as a place only after "in", "at"...: many are also surnames ("Dr Obi", "Bende"), which would
 * otherwise turn a name search into a place filter; unread, the word is still searched as text.
 * A name in several states (Surulere in Lagos and Oyo, Obi in Benue and Nasarawa) filters on
 * the name, so it finds both.
 */
function lgaPhrases(taken: ReadonlySet<string>, others: ReadonlySet<string>): Phrase[] {
  const list: Phrase[] = [];
  const byName = new Map<string, typeof nigeriaLgas>();
  for (const l of nigeriaLgas) byName.set(l.name, [...(byName.get(l.name) ?? []), l]);
  for (const [name, lgas] of byName) {
    const states = [...new Set(lgas.map((l) => (l.state === 'FCT' ? 'Abuja' : l.state)))];
    const t = target('lga', [name], states.length === 1 ? `${name} LGA (${states[0]})` : `${name} LGA`);
    // "Eti-Osa" is also typed "Eti Osa"; "Obio/Akpor" as "Obio Akpor" or "Obio" alone.
    const names = [...new Set([name, name.replace(/[-/]/g, ' '), name.split('/')[0]!])].map((n) => n.toLowerCase());
    add(list, names.flatMap((n) => [`${n} lga`, `${n} local government`, `${n} local government area`]), t);
    for (const n of names) {
      const key = tokenize(n).map((w) => w.norm).join(' ');
      if (taken.has(key) || others.has(key)) continue;
      add(list, [n], t, !key.includes(' '));
    }
  }
  return list;
}

/** A ward the register's listings name (register_wards, kept by the importer), with its LGA and state. */
export interface RegisterWard {
  ward: string;
  lga: string;
  state: string;
}

/** A ward name found in more LGAs than this ("Township", "Sabon Gari", "Ward 1") names no place in particular. */
export const WARD_LGAS_MAX = 3;

/**
 * The register's ward names as places (issue 33): a ward is filtered as its LGA (documents carry the
 * LGA, not the ward), and the chip says so: "All of Lagos Mainland LGA (for Onike)". `taken` holds
 * every phrase of the collection's own vocabulary: a state, city, district, LGA or kind of provider
 * of the same name stays that, as does a name with a word of the kind vocabulary in it (`kindWords`:
 * a ward "Hospital Road" must not swallow "hospital"). Like the LGAs, a name of one word is read only
 * after a place word ("clinic in Onike"), many being surnames; "Onike ward" is read anywhere. A name
 * in more than WARD_LGAS_MAX LGAs, a numbered ward ("Ward 3") and a name with no word of three
 * letters are left as text.
 */
export function wardPhrases(wards: readonly RegisterWard[], taken: ReadonlySet<string>, kindWords: ReadonlySet<string>): Phrase[] {
  const byKey = new Map<string, { name: string; text: string; words: string[]; lgas: Set<string> }>();
  // Names left as text, by their lowered text (a register repeats "Ward 3" in every LGA).
  const left = new Set<string>();
  for (const w of wards) {
    const text = w.ward.replace(/[-/]/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase();
    const known = byKey.get(text);
    if (known) {
      known.lgas.add(w.lga);
      continue;
    }
    if (left.has(text)) continue;
    const words = tokenize(text).map((t) => t.norm);
    const key = words.join(' ');
    if (!words.length || taken.has(key) || words[0] === 'ward' || !words.some((x) => /\p{L}{3}/u.test(x))
      || words.some((x) => stopWords.has(x) || kindWords.has(x))) {
      left.add(text);
      continue;
    }
    const entry = byKey.get(key) ?? { name: w.ward.replace(/\s+/g, ' ').trim(), text, words, lgas: new Set<string>() };
    entry.lgas.add(w.lga);
    byKey.set(key, entry);
    if (key !== text) byKey.set(text, entry);
  }
  const list: Phrase[] = [];
  for (const { name, text, words, lgas } of new Set(byKey.values())) {
    if (lgas.size > WARD_LGAS_MAX) continue;
    const names = [...lgas].sort();
    const t = target('lga', names, `All of ${names.map((l) => `${l} LGA`).join(' or ')} (for ${name})`);
    // Made here, not by add(): a ward's name has no British spelling, and thousands of names through
    // spellings() took 0.7 s a vocabulary.
    list.push({ words: [...words, 'ward'], text: `${text} ward`, target: t });
    list.push({ words, text, target: t, ...(words.length === 1 ? { afterPlaceWord: true } : {}) });
  }
  return list;
}

/** The words of a collection's own kinds (types, specialties, services), which a ward name must not hold. */
export function kindWordsFor(collection: CollectionName): Set<string> {
  const kind = collection === 'professionals' ? professionalPhrases() : institutionPhrases();
  return new Set(kind.flatMap((p) => p.words));
}

const cache = new Map<CollectionName, Phrase[]>();

/** Every phrase of a collection, places included, longest first. */
export function phrasesFor(collection: CollectionName): Phrase[] {
  let list = cache.get(collection);
  if (!list) {
    const kind = collection === 'professionals' ? professionalPhrases() : institutionPhrases();
    const places = placePhrases();
    const keys = (l: Phrase[]) => new Set(l.map((p) => p.words.join(' ')));
    // Care phrases first: where a service says the same ("24 hours": the pharmacies' 24/7 Service, kept as a
    // Typesense synonym), the hours decide (issue 45). The sort below keeps that order among equal lengths.
    list = [...carePhrases(), ...kind, ...places, ...lgaPhrases(keys(places), keys(kind))];
    list.sort((a, b) => b.words.length - a.words.length);
    cache.set(collection, list);
  }
  return list;
}

/** The stop-word set the Typesense engine installs and names in every search. */
export const TYPESENSE_STOPWORDS_SET = 'ilera-patient-stopwords';

/**
 * The same vocabulary as Typesense synonyms (one multi-way synonym per target:
 * its stored value and every phrase that names it), so that a search sent to
 * Typesense directly, or text left after understanding, matches alike.
 */
export function typesenseSynonyms(collection: CollectionName): { id: string; synonyms: string[] }[] {
  const byTarget = new Map<string, { id: string; synonyms: Set<string> }>();
  for (const p of phrasesFor(collection)) {
    // Not the 774 LGAs: `lga` is a filter, not a searched field, and each synonym is a request of its own.
    if (p.target.field === 'lga' || careFields.has(p.target.field)) continue;
    // Nor the glossary's words (issue 50): a complaint ("iba", fever) is no synonym of what it asks for ("doctor").
    if (p.exact) continue;
    const key = `${p.target.field}:${p.target.values.join('|')}`;
    let entry = byTarget.get(key);
    if (!entry) {
      const slug = `${p.target.field}-${p.target.values[0]}`.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/-+$/, '');
      entry = { id: slug, synonyms: new Set(p.target.values.map((v) => v.toLowerCase().replace(/_/g, ' '))) };
      byTarget.set(key, entry);
    }
    entry.synonyms.add(p.text);
  }
  return [...byTarget.values()].map((e) => ({ id: e.id, synonyms: [...e.synonyms] }));
}
