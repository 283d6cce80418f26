// What texts (SMS, WhatsApp) and appointment e-mail say, in each language (issue 50, decision 049):
// ICU MessageFormat strings, compiled by Lingui on the workers (workers/src/messages.ts), plurals from
// Intl (CLDR). English is the text as it was (the spec's contract and every existing test); a message a
// language lacks is English, never its id. Written with the fixed words' full marks (Yorùbá tones and
// dots, Igbo dots, Hausa ɓ ɗ ƙ): WhatsApp and e-mail carry them as they are; an SMS is written in GSM-7
// (workers/src/channels/texts.ts strips them, decision 049). `*.short` wordings exist only where a
// language's SMS would not fit one segment with a long provider name (none in English).
// Medical words from docs/glossary/medical-terms.csv ("appointment": ha alƙawari, yo ìpàdé, ig oge ịhụ
// dọkịta). Beta until a native-speaking clinician has reviewed them (contracts/src/locales.ts).
// The messages check (web/scripts/check-messages.ts) lists what each language lacks.
import type { Locale } from './locales';

const en = {
  // ---- SMS bodies; the same words are each WhatsApp template's text in that language (decision 049)
  'sms.booked': 'Ilera: your request to see {provider} on {when} is received. We will text you when it is confirmed. {link}',
  'sms.confirmed': 'Ilera: your appointment with {provider} on {when} is confirmed. Reply 2 to cancel. {link}',
  'sms.cancelled': 'Ilera: your appointment with {provider} on {when} is cancelled. {link}',
  'sms.reminder-24h': 'Ilera reminder: {provider}, {when}. Reply 1 if you will come, 2 to cancel. {link}',
  'sms.reminder-2h':
    'Ilera: your appointment with {provider} is at {when}, in {hours, plural, one {# hour} other {# hours}}. Reply 2 if you cannot come. {link}',
  'sms.provider-request': 'Ilera: new appointment request for {when}. Please confirm or decline: {link}',
  'sms.provider-instant': 'Ilera: new appointment (instant booking, confirmed) on {when}. See it: {link}',
  'sms.care-reconfirm': 'Ilera: please check and confirm the opening hours, health plans and fees of {provider}. {link}',

  // ---- appointment e-mail
  'mail.hello': 'Hello {name},',
  'mail.detail.provider': 'Provider: {provider}',
  'mail.detail.when': 'Date and time: {when}',
  'mail.detail.type': 'Type: {type}',
  'mail.detail.status': 'Status: {status}',
  'mail.detail.address': 'Address: {address}',
  'mail.detail.patient': 'Patient: {name}',
  'mail.detail.phone': 'Phone: {phone}',
  'mail.detail.email': 'E-mail: {email}',
  'mail.detail.reason': 'Reason for visit: {reason}',
  'mail.wat': 'All times are West Africa Time (WAT).',
  'mail.view': 'View your appointments: {link}',
  'mail.booked.subject': 'Appointment requested: {provider}, {when}',
  'mail.booked.body': 'Your appointment request has been received. {provider} will confirm it, and we will e-mail you when they do.',
  'mail.new.subject': '{instant, select, yes {New appointment} other {New appointment request}}: {when}',
  'mail.new.body': '{instant, select, yes {You have a new appointment (instant booking: confirmed).} other {You have a new appointment request.}}',
  'mail.new.action': '{instant, select, yes {See or cancel it} other {Confirm or cancel it}}: {link}',
  'mail.status.subject':
    'Appointment {status, select, pending {pending} confirmed {confirmed} completed {completed} other {cancelled}}: {provider}, {when}',
  'mail.status.body':
    'Your appointment with {provider} on {when} {status, select, pending {is pending} confirmed {has been confirmed} completed {has been marked as completed} other {has been cancelled}}.',
  'mail.cancelled.subject': 'Appointment cancelled: {when}',
  'mail.cancelled.body': '{name} has cancelled their appointment on {when} ({type}). The time slot is free again.',
  'mail.yours': 'Your appointments: {link}',
  'mail.reminder.subject': 'Reminder: your appointment with {provider}, {when}',
  'mail.reminder.body': 'This is a reminder of your appointment with {provider} on {when}.',
  'mail.reminder.cancel':
    'All times are West Africa Time (WAT). If you cannot attend, please cancel it so that someone else can take the slot: {link}',
  'mail.hello-anonymous': 'Hello,',
  'mail.reconfirm.subject': 'Please confirm your opening hours, services, health plans and fees on Ilera',
  'mail.reconfirm.why':
    'Patients decide where to go from what {provider} shows on Ilera: whether it is open, which health plans it takes and what a consultation costs.',
  'mail.reconfirm.last': 'These were last confirmed on {day}. Please check them and save them again (or correct them) in your profile:',
  'mail.team': 'The Ilera team',
  'ics.summary': '{type} with {provider}',
  'ics.description': 'Status: {status}. Manage it at {link}',

  // ---- labels
  'type.consultation': 'Consultation',
  'type.follow-up': 'Follow-up',
  'type.procedure': 'Procedure',
  'type.check-up': 'Check-up',
  'type.emergency': 'Emergency',
  'status.pending': 'Pending',
  'status.confirmed': 'Confirmed',
  'status.completed': 'Completed',
  'status.cancelled': 'Cancelled',
} as const;

export type TextMessageId = keyof typeof en | `${'sms.booked' | 'sms.confirmed' | 'sms.reminder-2h' | 'sms.provider-instant' | 'sms.care-reconfirm'}.short`;

/** Hausa: the polite plural ("ku", "ku") that a public service uses to anyone. */
const ha: Partial<Record<TextMessageId, string>> = {
  'sms.booked': 'Ilera: mun karɓi buƙatarku ta ganin {provider} ranar {when}. Za mu aiko muku saƙo idan an tabbatar. {link}',
  'sms.confirmed': 'Ilera: an tabbatar da alƙawarinku da {provider} ranar {when}. Ku tura 2 don soke shi. {link}',
  'sms.cancelled': 'Ilera: an soke alƙawarinku da {provider} na ranar {when}. {link}',
  'sms.reminder-24h': 'Tunatarwa daga Ilera: {provider}, {when}. Ku tura 1 idan za ku zo, 2 don soke shi. {link}',
  'sms.reminder-2h':
    'Ilera: alƙawarinku da {provider} ƙarfe {when} ne, nan da {hours, plural, one {awa #} other {awanni #}}. Ku tura 2 idan ba za ku iya zuwa ba. {link}',
  'sms.reminder-2h.short': 'Ilera: alƙawarinku da {provider} ƙarfe {when}. Ku tura 2 idan ba za ku zo ba. {link}',
  'sms.provider-request': 'Ilera: sabuwar buƙatar alƙawari ta {when}. Don Allah ku tabbatar ko ku ƙi: {link}',
  'sms.provider-instant': 'Ilera: sabon alƙawari (an tabbatar da shi nan take) na {when}. Duba shi: {link}',
  'sms.care-reconfirm': 'Ilera: don Allah ku duba ku tabbatar da lokutan buɗewa, inshorar lafiya da kuɗin {provider}. {link}',

  'mail.hello': 'Sannu {name},',
  'mail.detail.provider': 'Mai ba da kulawa: {provider}',
  'mail.detail.when': 'Rana da lokaci: {when}',
  'mail.detail.type': 'Iri: {type}',
  'mail.detail.status': 'Matsayi: {status}',
  'mail.detail.address': 'Adireshi: {address}',
  'mail.detail.patient': 'Mara lafiya: {name}',
  'mail.detail.phone': 'Waya: {phone}',
  'mail.detail.email': 'Imel: {email}',
  'mail.detail.reason': 'Dalilin zuwa: {reason}',
  'mail.wat': 'Duk lokutan agogon Afirka ta Yamma ne (WAT).',
  'mail.view': 'Duba alƙawuranku: {link}',
  'mail.booked.subject': 'An nemi alƙawari: {provider}, {when}',
  'mail.booked.body': 'Mun karɓi buƙatarku ta alƙawari. {provider} zai tabbatar da ita, kuma za mu aiko muku imel idan an tabbatar.',
  'mail.new.subject': '{instant, select, yes {Sabon alƙawari} other {Sabuwar buƙatar alƙawari}}: {when}',
  'mail.new.body': '{instant, select, yes {Kuna da sabon alƙawari (an tabbatar da shi nan take).} other {Kuna da sabuwar buƙatar alƙawari.}}',
  'mail.new.action': '{instant, select, yes {Duba shi ko ku soke shi} other {Ku tabbatar da shi ko ku soke shi}}: {link}',
  'mail.status.subject':
    '{status, select, pending {Alƙawari yana jira} confirmed {An tabbatar da alƙawari} completed {An kammala alƙawari} other {An soke alƙawari}}: {provider}, {when}',
  'mail.status.body':
    '{status, select, pending {Alƙawarinku da {provider} ranar {when} yana jiran tabbatarwa.} confirmed {An tabbatar da alƙawarinku da {provider} ranar {when}.} completed {An kammala alƙawarinku da {provider} ranar {when}.} other {An soke alƙawarinku da {provider} ranar {when}.}}',
  'mail.cancelled.subject': 'An soke alƙawari: {when}',
  'mail.cancelled.body': '{name} ya soke alƙawarinsa na ranar {when} ({type}). Lokacin ya sake zama a buɗe.',
  'mail.yours': 'Alƙawuranku: {link}',
  'mail.reminder.subject': 'Tunatarwa: alƙawarinku da {provider}, {when}',
  'mail.reminder.body': 'Wannan tunatarwa ce game da alƙawarinku da {provider} ranar {when}.',
  'mail.reminder.cancel':
    'Duk lokutan agogon Afirka ta Yamma ne (WAT). Idan ba za ku iya zuwa ba, don Allah ku soke shi domin wani ya samu lokacin: {link}',
  'mail.hello-anonymous': 'Sannu,',
  'mail.reconfirm.subject': 'Don Allah ku tabbatar da lokutan buɗewa, ayyuka, inshorar lafiya da kuɗinku a Ilera',
  'mail.reconfirm.why':
    'Marasa lafiya suna zaɓar inda za su je daga abin da {provider} ke nunawa a Ilera: ko a buɗe yake, waɗanne inshorar lafiya yake karɓa, da nawa ganin likita yake ci.',
  'mail.reconfirm.last': 'An tabbatar da su na ƙarshe ranar {day}. Don Allah ku duba su ku sake ajiye su (ko ku gyara su) a bayananku:',
  'mail.team': 'Ƙungiyar Ilera',
  'ics.summary': '{type} da {provider}',
  'ics.description': 'Matsayi: {status}. Ku sarrafa shi a {link}',
  'type.consultation': 'Ganin likita',
  'type.follow-up': 'Komawa don dubawa',
  'type.procedure': 'Aiki',
  'type.check-up': 'Duba lafiya',
  'type.emergency': 'Gaggawa',
  'status.pending': 'Yana jira',
  'status.confirmed': 'An tabbatar',
  'status.completed': 'An kammala',
  'status.cancelled': 'An soke',
};

/** Yorùbá: the polite "ẹ" / "yín". */
const yo: Partial<Record<TextMessageId, string>> = {
  'sms.booked': 'Ilera: a ti gba ìbéèrè yín láti rí {provider} ní {when}. A ó fi ọ̀rọ̀ ránṣẹ́ sí yín tí wọ́n bá fọwọ́ sí i. {link}',
  'sms.booked.short': 'Ilera: a ti gba ìbéèrè yín láti rí {provider} ní {when}. A ó sọ fún yín tí wọ́n bá gbà. {link}',
  'sms.confirmed': 'Ilera: ìpàdé yín pẹ̀lú {provider} ní {when} ti dájú. Ẹ fèsì 2 láti fagilé e. {link}',
  'sms.cancelled': 'Ilera: a ti fagilé ìpàdé yín pẹ̀lú {provider} ní {when}. {link}',
  'sms.reminder-24h': 'Ìránnilétí Ilera: {provider}, {when}. Ẹ fèsì 1 tí ẹ ó bá wá, 2 láti fagilé e. {link}',
  'sms.reminder-2h':
    'Ilera: ìpàdé yín pẹ̀lú {provider} jẹ́ ní {when}, ní {hours, plural, other {wákàtí #}} sí àsìkò yìí. Ẹ fèsì 2 tí ẹ kò bá lè wá. {link}',
  'sms.reminder-2h.short': 'Ilera: ìpàdé yín pẹ̀lú {provider} jẹ́ ní {when}. Ẹ fèsì 2 tí ẹ kò bá lè wá. {link}',
  'sms.provider-request': 'Ilera: ìbéèrè ìpàdé tuntun fún {when}. Ẹ jọ̀wọ́ ẹ gbà á tàbí kọ̀ ọ́: {link}',
  'sms.provider-instant': 'Ilera: ìpàdé tuntun (ó ti dájú lẹ́sẹ̀kẹsẹ̀) ní {when}. Ẹ wò ó: {link}',
  'sms.care-reconfirm': 'Ilera: ẹ jọ̀wọ́ ẹ yẹ àkókò ìṣílékùn, ètò ìbánigbófò ìlera àti owó {provider} wò kí ẹ sì fọwọ́ sí i. {link}',
  'sms.care-reconfirm.short': 'Ilera: ẹ jọ̀wọ́ ẹ yẹ àkókò, ètò ìbánigbófò àti owó {provider} wò. {link}',

  'mail.hello': 'Ẹ n lẹ́ o {name},',
  'mail.detail.provider': 'Olùpèsè ìtọ́jú: {provider}',
  'mail.detail.when': 'Ọjọ́ àti àkókò: {when}',
  'mail.detail.type': 'Irú: {type}',
  'mail.detail.status': 'Ipò: {status}',
  'mail.detail.address': 'Àdírẹ́sì: {address}',
  'mail.detail.patient': 'Aláìsàn: {name}',
  'mail.detail.phone': 'Fóònù: {phone}',
  'mail.detail.email': 'Ímeèlì: {email}',
  'mail.detail.reason': 'Ìdí ìbẹ̀wò: {reason}',
  'mail.wat': 'Gbogbo àkókò jẹ́ àkókò Ìwọ̀-Oòrùn Áfíríkà (WAT).',
  'mail.view': 'Ẹ wo àwọn ìpàdé yín: {link}',
  'mail.booked.subject': 'A béèrè ìpàdé: {provider}, {when}',
  'mail.booked.body': 'A ti gba ìbéèrè ìpàdé yín. {provider} yóò fọwọ́ sí i, a ó sì fi ímeèlì ránṣẹ́ sí yín nígbà tí wọ́n bá ṣe bẹ́ẹ̀.',
  'mail.new.subject': '{instant, select, yes {Ìpàdé tuntun} other {Ìbéèrè ìpàdé tuntun}}: {when}',
  'mail.new.body': '{instant, select, yes {Ẹ ní ìpàdé tuntun (ó ti dájú lẹ́sẹ̀kẹsẹ̀).} other {Ẹ ní ìbéèrè ìpàdé tuntun.}}',
  'mail.new.action': '{instant, select, yes {Ẹ wò ó tàbí ẹ fagilé e} other {Ẹ gbà á tàbí ẹ fagilé e}}: {link}',
  'mail.status.subject':
    '{status, select, pending {Ìpàdé ń dúró} confirmed {Ìpàdé ti dájú} completed {Ìpàdé ti parí} other {A ti fagilé ìpàdé}}: {provider}, {when}',
  'mail.status.body':
    '{status, select, pending {Ìpàdé yín pẹ̀lú {provider} ní {when} ń dúró de ìfọwọ́sí.} confirmed {Ìpàdé yín pẹ̀lú {provider} ní {when} ti dájú.} completed {Ìpàdé yín pẹ̀lú {provider} ní {when} ti parí.} other {A ti fagilé ìpàdé yín pẹ̀lú {provider} ní {when}.}}',
  'mail.cancelled.subject': 'A ti fagilé ìpàdé: {when}',
  'mail.cancelled.body': '{name} ti fagilé ìpàdé rẹ̀ ní {when} ({type}). Àkókò náà ti ṣí sílẹ̀ padà.',
  'mail.yours': 'Àwọn ìpàdé yín: {link}',
  'mail.reminder.subject': 'Ìránnilétí: ìpàdé yín pẹ̀lú {provider}, {when}',
  'mail.reminder.body': 'Èyí jẹ́ ìránnilétí ìpàdé yín pẹ̀lú {provider} ní {when}.',
  'mail.reminder.cancel':
    'Gbogbo àkókò jẹ́ àkókò Ìwọ̀-Oòrùn Áfíríkà (WAT). Tí ẹ kò bá lè wá, ẹ jọ̀wọ́ ẹ fagilé e kí ẹlòmíràn lè lo àkókò náà: {link}',
  'mail.hello-anonymous': 'Ẹ n lẹ́ o,',
  'mail.reconfirm.subject': 'Ẹ jọ̀wọ́ ẹ fọwọ́ sí àkókò ìṣílékùn, iṣẹ́, ètò ìbánigbófò ìlera àti owó yín lórí Ilera',
  'mail.reconfirm.why':
    'Àwọn aláìsàn ń pinnu ibi tí wọn ó lọ láti ohun tí {provider} fihàn lórí Ilera: bóyá ó ṣí, àwọn ètò ìbánigbófò ìlera tí ó ń gbà, àti iye tí rírí dókítà ń ná.',
  'mail.reconfirm.last': 'Ìgbà ìkẹyìn tí a fọwọ́ sí wọn ni {day}. Ẹ jọ̀wọ́ ẹ yẹ̀ wọ́n wò kí ẹ sì tún fi wọ́n pamọ́ (tàbí ẹ ṣàtúnṣe wọn) nínú àkọsílẹ̀ yín:',
  'mail.team': 'Ikọ̀ Ilera',
  'ics.summary': '{type} pẹ̀lú {provider}',
  'ics.description': 'Ipò: {status}. Ẹ ṣàkóso rẹ̀ ní {link}',
  'type.consultation': 'Rírí dókítà',
  'type.follow-up': 'Ìbẹ̀wò àtẹ̀lé',
  'type.procedure': 'Iṣẹ́ ìtọ́jú',
  'type.check-up': 'Àyẹ̀wò ìlera',
  'type.emergency': 'Pàjáwìrì',
  'status.pending': 'Ń dúró',
  'status.confirmed': 'Ti dájú',
  'status.completed': 'Ti parí',
  'status.cancelled': 'A ti fagilé e',
};

/** Igbo: "gị" (you), as Igbo speaks to one person politely enough; "oge ịhụ dọkịta" for appointment (glossary). */
const ig: Partial<Record<TextMessageId, string>> = {
  'sms.booked': 'Ilera: anatala arịrịọ gị ịhụ {provider} na {when}. Anyị ga-ezitere gị ozi mgbe ha kwenyere. {link}',
  'sms.confirmed': 'Ilera: ekwenyela oge ịhụ dọkịta gị na {provider} na {when}. Zaa 2 ka ịkagbuo ya. {link}',
  'sms.cancelled': 'Ilera: akagbuola oge ịhụ dọkịta gị na {provider} na {when}. {link}',
  'sms.reminder-24h': 'Ncheta Ilera: {provider}, {when}. Zaa 1 ma ị ga-abịa, 2 ka ịkagbuo ya. {link}',
  'sms.reminder-2h':
    'Ilera: oge ịhụ dọkịta gị na {provider} bụ {when}, n’ime {hours, plural, other {awa #}}. Zaa 2 ma ị gaghị abịa. {link}',
  'sms.reminder-2h.short': 'Ilera: oge ịhụ dọkịta gị na {provider} bụ {when}. Zaa 2 ma ị gaghị abịa. {link}',
  'sms.provider-request': 'Ilera: arịrịọ ọhụrụ maka oge ịhụ dọkịta na {when}. Biko kwenye ma ọ bụ jụ ya: {link}',
  'sms.provider-instant': 'Ilera: oge ịhụ dọkịta ọhụrụ (ekwenyela ya ozugbo) na {when}. Lee ya: {link}',
  'sms.care-reconfirm': 'Ilera: biko lelee ma kwenye oge mmeghe, mkpuchi ahụike na ụgwọ {provider}. {link}',

  'mail.hello': 'Ndewo {name},',
  'mail.detail.provider': 'Onye na-enye ọgwụgwọ: {provider}',
  'mail.detail.when': 'Ụbọchị na oge: {when}',
  'mail.detail.type': 'Ụdị: {type}',
  'mail.detail.status': 'Ọnọdụ: {status}',
  'mail.detail.address': 'Adreesị: {address}',
  'mail.detail.patient': 'Onye ọrịa: {name}',
  'mail.detail.phone': 'Ekwentị: {phone}',
  'mail.detail.email': 'Email: {email}',
  'mail.detail.reason': 'Ihe kpatara ọbịbịa: {reason}',
  'mail.wat': 'Oge niile bụ oge Ọdịda Anyanwụ Afrịka (WAT).',
  'mail.view': 'Lee oge ịhụ dọkịta gị niile: {link}',
  'mail.booked.subject': 'Arịrịọ oge ịhụ dọkịta: {provider}, {when}',
  'mail.booked.body': 'Anatala arịrịọ gị. {provider} ga-ekwenye ya, anyị ga-ezitekwara gị email mgbe ha kwenyere.',
  'mail.new.subject': '{instant, select, yes {Oge ịhụ dọkịta ọhụrụ} other {Arịrịọ ọhụrụ maka oge ịhụ dọkịta}}: {when}',
  'mail.new.body': '{instant, select, yes {Ị nwere oge ịhụ dọkịta ọhụrụ (ekwenyela ya ozugbo).} other {Ị nwere arịrịọ ọhụrụ maka oge ịhụ dọkịta.}}',
  'mail.new.action': '{instant, select, yes {Lee ya ma ọ bụ kagbuo ya} other {Kwenye ya ma ọ bụ kagbuo ya}}: {link}',
  'mail.status.subject':
    '{status, select, pending {Oge ịhụ dọkịta na-eche} confirmed {Ekwenyela oge ịhụ dọkịta} completed {Emechala oge ịhụ dọkịta} other {Akagbuola oge ịhụ dọkịta}}: {provider}, {when}',
  'mail.status.body':
    '{status, select, pending {Oge ịhụ dọkịta gị na {provider} na {when} ka na-eche nkwenye.} confirmed {Ekwenyela oge ịhụ dọkịta gị na {provider} na {when}.} completed {Emechala oge ịhụ dọkịta gị na {provider} na {when}.} other {Akagbuola oge ịhụ dọkịta gị na {provider} na {when}.}}',
  'mail.cancelled.subject': 'Akagbuola oge ịhụ dọkịta: {when}',
  'mail.cancelled.body': '{name} akagbuola oge ya na {when} ({type}). Oge ahụ dị ọzọ.',
  'mail.yours': 'Oge ịhụ dọkịta gị niile: {link}',
  'mail.reminder.subject': 'Ncheta: oge ịhụ dọkịta gị na {provider}, {when}',
  'mail.reminder.body': 'Nke a bụ ncheta oge ịhụ dọkịta gị na {provider} na {when}.',
  'mail.reminder.cancel':
    'Oge niile bụ oge Ọdịda Anyanwụ Afrịka (WAT). Ọ bụrụ na ị gaghị abịa, biko kagbuo ya ka onye ọzọ were oge ahụ: {link}',
  'mail.hello-anonymous': 'Ndewo,',
  'mail.reconfirm.subject': 'Biko kwenye oge mmeghe, ọrụ, mkpuchi ahụike na ụgwọ gị na Ilera',
  'mail.reconfirm.why':
    'Ndị ọrịa na-ekpebi ebe ha ga-aga site n’ihe {provider} na-egosi na Ilera: ma ọ meghere emeghe, mkpuchi ahụike ndị ọ na-anabata, na ego ịhụ dọkịta na-efu.',
  'mail.reconfirm.last': 'E kwenyere ha ikpeazụ na {day}. Biko lelee ha ma chekwaa ha ọzọ (ma ọ bụ meziwe ha) na profaịlụ gị:',
  'mail.team': 'Otu Ilera',
  'ics.summary': '{type} na {provider}',
  'ics.description': 'Ọnọdụ: {status}. Jikwaa ya na {link}',
  'type.consultation': 'Ịhụ dọkịta',
  'type.follow-up': 'Nleta nlele ọzọ',
  'type.procedure': 'Ọgwụgwọ',
  'type.check-up': 'Nlele ahụike',
  'type.emergency': 'Ihe mberede',
  'status.pending': 'Na-eche',
  'status.confirmed': 'Ekwenyela',
  'status.completed': 'Emechala',
  'status.cancelled': 'Akagbuola',
};

/** Nigerian Pidgin: everyday Naijá as it is texted (English spelling, no marks). */
const pcm: Partial<Record<TextMessageId, string>> = {
  'sms.booked': 'Ilera: we don receive your request to see {provider} for {when}. We go text you when dem confirm am. {link}',
  'sms.confirmed': 'Ilera: your appointment with {provider} for {when} don confirm. Reply 2 to cancel am. {link}',
  'sms.cancelled': 'Ilera: your appointment with {provider} for {when} don cancel. {link}',
  'sms.reminder-24h': 'Ilera reminder: {provider}, {when}. Reply 1 if you go come, 2 to cancel am. {link}',
  'sms.reminder-2h':
    'Ilera: your appointment with {provider} na {when}, e remain {hours, plural, one {# hour} other {# hours}}. Reply 2 if you no fit come. {link}',
  'sms.provider-request': 'Ilera: new appointment request for {when}. Abeg confirm am or decline am: {link}',
  'sms.provider-instant': 'Ilera: new appointment (instant booking, e don confirm) for {when}. See am: {link}',
  'sms.care-reconfirm': 'Ilera: abeg check and confirm the opening hours, health plans and fees wey {provider} get. {link}',

  'mail.hello': 'Hello {name},',
  'mail.detail.provider': 'Doctor or place: {provider}',
  'mail.detail.when': 'Day and time: {when}',
  'mail.detail.type': 'Type: {type}',
  'mail.detail.status': 'Status: {status}',
  'mail.detail.address': 'Address: {address}',
  'mail.detail.patient': 'Patient: {name}',
  'mail.detail.phone': 'Phone: {phone}',
  'mail.detail.email': 'E-mail: {email}',
  'mail.detail.reason': 'Why dem dey come: {reason}',
  'mail.wat': 'All the times na West Africa Time (WAT).',
  'mail.view': 'See your appointments: {link}',
  'mail.booked.subject': 'Appointment request: {provider}, {when}',
  'mail.booked.body': 'We don receive your appointment request. {provider} go confirm am, and we go e-mail you when dem confirm.',
  'mail.new.subject': '{instant, select, yes {New appointment} other {New appointment request}}: {when}',
  'mail.new.body': '{instant, select, yes {You get new appointment (instant booking: e don confirm).} other {You get new appointment request.}}',
  'mail.new.action': '{instant, select, yes {See am or cancel am} other {Confirm am or cancel am}}: {link}',
  'mail.status.subject':
    '{status, select, pending {Appointment still dey wait} confirmed {Appointment don confirm} completed {Appointment don finish} other {Appointment don cancel}}: {provider}, {when}',
  'mail.status.body':
    'Your appointment with {provider} for {when} {status, select, pending {still dey wait for confirmation} confirmed {don confirm} completed {don finish} other {don cancel}}.',
  'mail.cancelled.subject': 'Appointment don cancel: {when}',
  'mail.cancelled.body': '{name} don cancel im appointment for {when} ({type}). The time don free again.',
  'mail.yours': 'Your appointments: {link}',
  'mail.reminder.subject': 'Reminder: your appointment with {provider}, {when}',
  'mail.reminder.body': 'We dey remind you of your appointment with {provider} for {when}.',
  'mail.reminder.cancel':
    'All the times na West Africa Time (WAT). If you no fit come, abeg cancel am make another person fit use the time: {link}',
  'mail.hello-anonymous': 'Hello,',
  'mail.reconfirm.subject': 'Abeg confirm your opening hours, services, health plans and fees for Ilera',
  'mail.reconfirm.why':
    'Patients dey decide where dem go go from wetin {provider} show for Ilera: if e dey open, which health plans e dey take, and how much to see doctor go cost.',
  'mail.reconfirm.last': 'Dem last confirm am for {day}. Abeg check am and save am again (or correct am) for your profile:',
  'mail.team': 'The Ilera team',
  'ics.summary': '{type} with {provider}',
  'ics.description': 'Status: {status}. Manage am for {link}',
  'type.consultation': 'See doctor',
  'type.follow-up': 'Come back check',
  'type.procedure': 'Procedure',
  'type.check-up': 'Body check',
  'type.emergency': 'Emergency',
  'status.pending': 'Dey wait',
  'status.confirmed': 'E don confirm',
  'status.completed': 'E don finish',
  'status.cancelled': 'E don cancel',
};

export const textMessages: { en: Record<keyof typeof en, string> } & Partial<Record<Exclude<Locale, 'en'>, Partial<Record<TextMessageId, string>>>> = {
  en,
  ha,
  yo,
  ig,
  pcm,
};
