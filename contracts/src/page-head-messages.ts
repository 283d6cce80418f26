// The words of a server-drawn page's <head> in each language (issue 50, decision 046): its <title> and
// description, which the API writes into index.html (api/src/modules/seo/pages.ts), and the site's
// title, which the app also gives a page the browser draws in a language (web/src/boot/app.tsx).
// Placeholders are `{name}`, filled by pageHeadText. English is the text as it was (the spec's page and
// every existing test); a message a language lacks is English. Beta until a native-speaking clinician
// has reviewed them (locales.ts); the messages check (web/scripts/check-messages.ts) lists what each lacks.
// A provider's name and town are never translated; a specialty, a type and a service are said in the page's
// language with the glossary's words (docs/glossary/directory-names.csv, contracts/src/directory-names.ts).
import type { Locale } from './locales';

/** index.html's <title>: the landing and search pages' title, and the app's. */
export const siteTitles: Record<Locale, string> = {
  en: 'Ilera — Find healthcare providers in Nigeria',
  ha: 'Ilera — Nemo masu ba da kiwon lafiya a Najeriya',
  yo: 'Ilera — Wá àwọn olùpèsè ìlera ní Nàìjíríà',
  ig: 'Ilera — Chọta ndị na-enye ọgwụgwọ na Naịjirịa',
  pcm: 'Ilera — Find doctors and hospitals for Nigeria',
};

export const pageHeadMessages = {
  en: {
    description:
      "Ilera is Nigeria's directory of healthcare providers: find doctors, pharmacists, nurses, hospitals, pharmacies and diagnostic labs, read reviews and book appointments.",
    aboutTitle: 'About Ilera | Ilera',
    aboutDescription: "About Ilera, Nigeria's directory of healthcare providers: every doctor, pharmacist, nurse and facility is checked before it is listed.",
    privacyTitle: 'Privacy Policy | Ilera',
    privacyDescription: 'What Ilera keeps about you, who can see your health information, and the choices you have.',
    termsTitle: 'Terms of Service | Ilera',
    termsDescription: 'The terms for using Ilera to find healthcare providers in Nigeria and to request appointments.',
    professionalTitle: '{name}, {specialty} | Ilera',
    professionalTitleIn: '{name}, {specialty} in {city} | Ilera',
    institutionTitle: '{name}, {kind} | Ilera',
    institutionTitleIn: '{name}, {kind} in {city} | Ilera',
    professionalDescription: '{name}: {specialty} ({kind}).',
    professionalDescriptionIn: '{name}: {specialty} ({kind}) in {place}.',
    institutionDescription: '{name}: {kind}.',
    institutionDescriptionIn: '{name}: {kind} in {place}.',
    ratedOne: 'Rated {rating} out of 5 from 1 review.',
    ratedMany: 'Rated {rating} out of 5 from {count} reviews.',
    seeAndBook: 'See the profile and book an appointment on Ilera.',
    servicesLine: 'Services: {services}.',
    listedLine: 'Listed from the national register.',
  },
  ha: {
    description:
      "Ilera jerin masu ba da kiwon lafiya ne na Najeriya: nemo likitoci, masu harhaɗa magani, ma'aikatan jinya, asibitoci, kantunan magani da ɗakunan gwaje-gwaje, karanta ra'ayoyin marasa lafiya kuma ka yi alƙawari.",
    aboutTitle: 'Game da Ilera | Ilera',
    aboutDescription: "Game da Ilera, jerin masu ba da kiwon lafiya na Najeriya: ana duba kowane likita, mai harhaɗa magani, ma'aikaciyar jinya da wurin lafiya kafin a saka shi.",
    privacyTitle: 'Manufar sirri | Ilera',
    privacyDescription: 'Abin da Ilera ke ajiyewa game da kai, wanda zai iya ganin bayanan lafiyarka, da zaɓuɓɓukan da kake da su.',
    termsTitle: 'Sharuɗɗan amfani | Ilera',
    termsDescription: 'Sharuɗɗan amfani da Ilera don nemo masu ba da kiwon lafiya a Najeriya da neman alƙawari.',
    professionalTitle: '{name}, {specialty} | Ilera',
    professionalTitleIn: '{name}, {specialty} a {city} | Ilera',
    institutionTitle: '{name}, {kind} | Ilera',
    institutionTitleIn: '{name}, {kind} a {city} | Ilera',
    professionalDescription: '{name}: {specialty} ({kind}).',
    professionalDescriptionIn: '{name}: {specialty} ({kind}) a {place}.',
    institutionDescription: '{name}: {kind}.',
    institutionDescriptionIn: '{name}: {kind} a {place}.',
    ratedOne: "Maki {rating} cikin 5 daga ra'ayi 1.",
    ratedMany: "Maki {rating} cikin 5 daga ra'ayoyi {count}.",
    seeAndBook: 'Duba bayanansa a Ilera kuma ka yi alƙawari.',
    servicesLine: 'Ayyuka: {services}.',
    listedLine: 'An jera daga rajistar ƙasa.',
  },
  yo: {
    description:
      'Ilera ni àkójọ àwọn olùpèsè ìlera ní Nàìjíríà: wá dókítà, apòògùn, nọ́ọ̀sì, ilé-ìwòsàn, ilé-oògùn àti ilé-àyẹ̀wò, ka ohun tí àwọn aláìsàn sọ, kí o sì ṣètò ìpàdé.',
    aboutTitle: 'Nípa Ilera | Ilera',
    aboutDescription: 'Nípa Ilera, àkójọ àwọn olùpèsè ìlera ní Nàìjíríà: a máa ń ṣàyẹ̀wò gbogbo dókítà, apòògùn, nọ́ọ̀sì àti ilé-iṣẹ́ ìlera kí a tó fi wọ́n sínú rẹ̀.',
    privacyTitle: 'Ìlànà àṣírí | Ilera',
    privacyDescription: 'Ohun tí Ilera ń pamọ́ nípa rẹ, ẹni tó lè rí ìròyìn ìlera rẹ, àti àwọn àṣàyàn tí o ní.',
    termsTitle: 'Àwọn òfin ìlò | Ilera',
    termsDescription: 'Àwọn òfin fún lílo Ilera láti wá olùpèsè ìlera ní Nàìjíríà àti láti béèrè fún ìpàdé.',
    professionalTitle: '{name}, {specialty} | Ilera',
    professionalTitleIn: '{name}, {specialty} ní {city} | Ilera',
    institutionTitle: '{name}, {kind} | Ilera',
    institutionTitleIn: '{name}, {kind} ní {city} | Ilera',
    professionalDescription: '{name}: {specialty} ({kind}).',
    professionalDescriptionIn: '{name}: {specialty} ({kind}) ní {place}.',
    institutionDescription: '{name}: {kind}.',
    institutionDescriptionIn: '{name}: {kind} ní {place}.',
    ratedOne: 'Ìdíwọ̀n {rating} nínú 5 láti inú èrò 1.',
    ratedMany: 'Ìdíwọ̀n {rating} nínú 5 láti inú èrò {count}.',
    seeAndBook: 'Wo ìròyìn rẹ̀ lórí Ilera kí o sì ṣètò ìpàdé.',
    servicesLine: 'Àwọn iṣẹ́: {services}.',
    listedLine: 'A kọ ọ́ láti inú ìforúkọsílẹ̀ orílẹ̀-èdè.',
  },
  ig: {
    description:
      'Ilera bụ ndepụta ndị na-enye ọgwụgwọ na Naịjirịa: chọta ndị dọkịta, ndị na-ere ọgwụ, ndị nọọsụ, ụlọ ọgwụ, ụlọ ahịa ọgwụ na ụlọ nyocha, gụọ ihe ndị ọrịa kwuru, ma debe oge ịhụ dọkịta.',
    aboutTitle: 'Maka Ilera | Ilera',
    aboutDescription: 'Maka Ilera, ndepụta ndị na-enye ọgwụgwọ na Naịjirịa: a na-enyocha dọkịta ọ bụla, onye na-ere ọgwụ, nọọsụ na ebe ahụike tupu e depụta ya.',
    privacyTitle: 'Iwu nzuzo | Ilera',
    privacyDescription: 'Ihe Ilera na-edebe gbasara gị, onye nwere ike ịhụ ozi ahụike gị, na nhọrọ ị nwere.',
    termsTitle: 'Usoro ojiji | Ilera',
    termsDescription: 'Usoro maka iji Ilera chọta ndị na-enye ọgwụgwọ na Naịjirịa na ịrịọ oge ịhụ dọkịta.',
    professionalTitle: '{name}, {specialty} | Ilera',
    professionalTitleIn: '{name}, {specialty} na {city} | Ilera',
    institutionTitle: '{name}, {kind} | Ilera',
    institutionTitleIn: '{name}, {kind} na {city} | Ilera',
    professionalDescription: '{name}: {specialty} ({kind}).',
    professionalDescriptionIn: '{name}: {specialty} ({kind}) na {place}.',
    institutionDescription: '{name}: {kind}.',
    institutionDescriptionIn: '{name}: {kind} na {place}.',
    ratedOne: 'Akara {rating} n’ime 5 site n’echiche 1.',
    ratedMany: 'Akara {rating} n’ime 5 site n’echiche {count}.',
    seeAndBook: 'Lee ozi ya na Ilera ma debe oge ịhụ dọkịta.',
    servicesLine: 'Ọrụ: {services}.',
    listedLine: 'Edepụtara site na ndekọ mba.',
  },
  pcm: {
    description:
      'Ilera na Nigeria list of people wey dey treat sick: find doctors, pharmacists, nurses, hospitals, chemists and labs, read wetin patients talk, and book appointment.',
    aboutTitle: 'About Ilera | Ilera',
    aboutDescription: 'About Ilera, Nigeria list of doctors and hospitals: we dey check every doctor, pharmacist, nurse and health place before we put dem.',
    privacyTitle: 'Privacy policy | Ilera',
    privacyDescription: 'Wetin Ilera dey keep about you, who fit see your health matter, and the choices wey you get.',
    termsTitle: 'Terms of use | Ilera',
    termsDescription: 'The rules to use Ilera find doctors and hospitals for Nigeria and to ask for appointment.',
    professionalTitle: '{name}, {specialty} | Ilera',
    professionalTitleIn: '{name}, {specialty} for {city} | Ilera',
    institutionTitle: '{name}, {kind} | Ilera',
    institutionTitleIn: '{name}, {kind} for {city} | Ilera',
    professionalDescription: '{name}: {specialty} ({kind}).',
    professionalDescriptionIn: '{name}: {specialty} ({kind}) for {place}.',
    institutionDescription: '{name}: {kind}.',
    institutionDescriptionIn: '{name}: {kind} for {place}.',
    ratedOne: 'Dem rate am {rating} out of 5 from 1 review.',
    ratedMany: 'Dem rate am {rating} out of 5 from {count} reviews.',
    seeAndBook: 'See the profile and book appointment for Ilera.',
    servicesLine: 'Services: {services}.',
    listedLine: 'We list am from the national register.',
  },
} satisfies Record<'en', Record<string, string>> & Partial<Record<Locale, Record<string, string>>>;

export type PageHeadMessageId = keyof (typeof pageHeadMessages)['en'];

/** A head's words in `locale` (English where the language lacks the message), its `{placeholders}` filled. */
export function pageHeadText(locale: Locale, id: PageHeadMessageId, values: Record<string, string> = {}): string {
  const own: Partial<Record<string, string>> = (pageHeadMessages as Partial<Record<Locale, Record<string, string>>>)[locale] ?? {};
  return (own[id] ?? pageHeadMessages.en[id]).replace(/\{(\w+)\}/g, (all, key: string) => values[key] ?? all);
}
