// What the account mails say in each language (issue 50, decision 049): a hidden review, an account's
// deletion and the appointments it cancelled, an administrator's decision on a profile or a claim, the
// licence notices and the administrator's password change. The appointment mails, the care facts
// reminder and the password reset are in text-messages.ts. ICU MessageFormat strings, compiled by Lingui
// on the workers and the API (workers/src/mail-messages.ts), plurals from Intl (CLDR). English is the
// text as it was, word for word (the spec's contract and every existing test); a message a language
// lacks is English, never its id. Plain words a patient or a provider understands, not word for word;
// medical words from docs/glossary/medical-terms.csv; the polite plural in Hausa (ku) and Yorùbá (ẹ, yín).
// What an administrator or a moderator typed (a reason) and a provider's or listing's name stay as typed.
// Beta until a native-speaking clinician has reviewed them (contracts/src/locales.ts).
import type { Locale } from './locales';

const en = {
  hello: 'Hello {name},',
  'hello-anonymous': 'Hello,',
  team: 'The Ilera team',
  reason: 'Reason: {reason}',
  'see-as-patients': 'See it as patients do: {link}',

  // ---- a review hidden by a moderator (to its author)
  'review-hidden.subject': 'Your review on Ilera was hidden',
  'review-hidden.body': 'A moderator has hidden your review of {provider} on Ilera. It no longer appears on the profile or in its rating.',
  'review-hidden.see': 'You can still see it, with this reason, when you are signed in: {link}',
  'review-hidden.mistake': 'If you think this is a mistake, reply to this e-mail.',

  // ---- an account deleted (D21): to its owner, and to the other side of each appointment it cancelled
  'account-deleted.subject': 'Your Ilera account was deleted',
  'account-deleted.body':
    'Your Ilera account and the data it held have been deleted, as you asked. Your upcoming appointments were cancelled and their providers told. Reviews you wrote stay, shown as "Former patient".',
  'account-cancelled.subject': 'Appointment cancelled: {name}, {when}',
  'account-cancelled.patient-left':
    'The appointment of {patient} with {provider} on {when} has been cancelled: the patient closed their Ilera account. The time slot is free again.',
  'account-cancelled.yours': 'Your appointments: {link}',
  'account-cancelled.provider-left': 'Your appointment with {provider} on {when} has been cancelled: the provider is no longer listed on Ilera.',
  'account-cancelled.find': 'Find another provider: {link}',
  /** The time of the appointment in these mails: '{day} at {time} WAT'. */
  'account-cancelled.when': '{day} at {time} WAT',

  // ---- an administrator's decision on a profile (to its owner)
  'profile.approve.subject': 'Your Ilera profile is approved',
  'profile.approve.body':
    'Good news: "{name}" has been approved by an Ilera administrator and is now listed in the directory, where patients can find it and book appointments.',
  'profile.reject.subject': 'Your Ilera application was not approved',
  'profile.reject.body': 'Your application for "{name}" was reviewed by an Ilera administrator and was not approved.',
  'profile.reject.update': 'You can update your profile and ask for a new review: {link}',
  'profile.reopen.subject': 'Your Ilera application is being reviewed again',
  'profile.reopen.body':
    'An Ilera administrator has reopened your application for "{name}". It is back in the review queue; you will hear from us once it has been reviewed.',
  'profile.reopen.update': 'You can update your profile meanwhile: {link}',
  'profile.withdraw.subject': 'Your Ilera profile approval was withdrawn',
  'profile.withdraw.body':
    'An Ilera administrator has withdrawn the approval of "{name}". It is no longer listed in the directory while it is reviewed again.',
  'profile.withdraw.review': 'You can review your profile here: {link}',

  // ---- an administrator's decision on a claim of a register listing (to the claimant)
  'claim.approved.subject': 'Your claim on Ilera is approved',
  'claim.approved.body': 'Good news: an Ilera administrator has approved your claim of "{name}". The listing is now your institution\'s profile.',
  'claim.approved.complete': 'Complete it (description, services, contact, booking): {link}',
  'claim.rejected.subject': 'Your claim on Ilera was not approved',
  'claim.rejected.body': 'Your claim of "{name}" was reviewed by an Ilera administrator and was not approved.',
  'claim.rejected.another': 'Another claim for this facility was approved',
  'claim.rejected.again': "You can claim it again with your facility's registration: {link}",
  'claim.rejected.mistake': "If you believe this is a mistake, reply to this e-mail with your facility's registration.",

  // ---- licence notices (issue 18): {kind} is professional (a licence) or institution (a registration)
  'licence.expired.subject': 'Your {country} {kind, select, institution {registration} other {licence}} has expired',
  'licence.expires.subject':
    'Your {country} {kind, select, institution {registration} other {licence}} expires in {days, plural, one {# day} other {# days}}',
  'licence.expired.body':
    "Ilera's record of your {country} {kind, select, institution {registration} other {licence}} {number} shows that it expired on {until}.",
  'licence.expires.body':
    "Ilera's record of your {country} {kind, select, institution {registration} other {licence}} {number} shows that it expires on {until}.",
  'licence.badge-gone': 'Your profile no longer shows the "Verified" badge.',
  'licence.renewal-pending':
    'Until a renewed {kind, select, institution {registration} other {licence}} is on your profile, it says "{pending}"; appointments already made stay.',
  'licence.will-lose':
    'Once it expires, your profile loses the "Verified" badge, and without another current Nigerian {kind, select, institution {registration} other {licence}} it stops taking new bookings.',
  'licence.renew':
    'After renewing, enter the new expiry date {kind, select, institution {under Registrations in your profile (Edit Profile)} other {under Countries of Practice on your dashboard}}: {link}',

  // ---- an administrator's password changed (to that administrator)
  'admin-password.subject': 'Your Ilera administrator password was changed',
  'admin-password.body': 'The password of your Ilera administrator account was just changed. Every other session of the account has been signed out.',
  'admin-password.reset': 'If you did not make this change, reset your password at once: {link}',
  // ---- the welcome of an account an administrator creates (to the new account, in the language chosen for it)
  'welcome.subject': 'Your Ilera account',
  'welcome.created': 'An Ilera administrator has created an account for you ({type}) with this e-mail address.',
  'welcome.listed': 'Your profile is approved and listed in the directory.',
  'welcome.sign-in': 'Sign in at {link} with the password the administrator gives you, then change it.',
  'welcome.forgot': 'Forgot it? {link}',
} as const;

export type MailMessageId = keyof typeof en;

/** Hausa: the polite plural ("ku") a public service uses to anyone. */
const ha: Partial<Record<MailMessageId, string>> = {
  hello: 'Sannu {name},',
  'hello-anonymous': 'Sannu,',
  team: 'Ƙungiyar Ilera',
  reason: 'Dalili: {reason}',
  'see-as-patients': 'Ku duba shi kamar yadda marasa lafiya ke gani: {link}',

  'review-hidden.subject': 'An ɓoye sharhinku a Ilera',
  'review-hidden.body': 'Mai kula da sharhi ya ɓoye sharhinku game da {provider} a Ilera. Ba ya bayyana a shafin ko a cikin maki.',
  'review-hidden.see': 'Kuna iya ganinsa har yanzu, tare da wannan dalilin, idan kun shiga asusunku: {link}',
  'review-hidden.mistake': 'Idan kuna ganin kuskure ne, ku amsa wannan imel ɗin.',

  'account-deleted.subject': 'An goge asusunku na Ilera',
  'account-deleted.body':
    'An goge asusunku na Ilera da bayanan da ke cikinsa, kamar yadda kuka nema. An soke alƙawuranku masu zuwa kuma an sanar da masu ba da kulawa. Sharhin da kuka rubuta za su ci gaba da kasancewa, da sunan "tsohon mara lafiya".',
  'account-cancelled.subject': 'An soke alƙawari: {name}, {when}',
  'account-cancelled.patient-left':
    'An soke alƙawarin {patient} da {provider} na ranar {when}: mara lafiyar ya rufe asusunsa na Ilera. Lokacin ya sake zama a buɗe.',
  'account-cancelled.yours': 'Alƙawuranku: {link}',
  'account-cancelled.provider-left': 'An soke alƙawarinku da {provider} na ranar {when}: mai ba da kulawar ba ya cikin Ilera kuma.',
  'account-cancelled.find': 'Ku nemi wani mai ba da kulawa: {link}',
  'account-cancelled.when': '{day}, ƙarfe {time} WAT',

  'profile.approve.subject': 'An amince da bayananku a Ilera',
  'profile.approve.body':
    'Labari mai daɗi: mai gudanarwa na Ilera ya amince da "{name}", kuma yanzu yana cikin jerin Ilera, inda marasa lafiya za su same shi su yi alƙawari.',
  'profile.reject.subject': 'Ba a amince da buƙatarku ta Ilera ba',
  'profile.reject.body': 'Mai gudanarwa na Ilera ya duba buƙatarku ta "{name}", kuma ba a amince da ita ba.',
  'profile.reject.update': 'Kuna iya gyara bayananku ku nemi a sake duba su: {link}',
  'profile.reopen.subject': 'Ana sake duba buƙatarku ta Ilera',
  'profile.reopen.body':
    'Mai gudanarwa na Ilera ya sake buɗe buƙatarku ta "{name}". Ta koma cikin layin dubawa; za ku ji daga gare mu idan an gama duba ta.',
  'profile.reopen.update': 'Kuna iya gyara bayananku kafin nan: {link}',
  'profile.withdraw.subject': 'An janye amincewar bayananku a Ilera',
  'profile.withdraw.body': 'Mai gudanarwa na Ilera ya janye amincewar "{name}". Ba ya cikin jerin Ilera yayin da ake sake duba shi.',
  'profile.withdraw.review': 'Kuna iya duba bayananku a nan: {link}',

  'claim.approved.subject': 'An amince da iƙirarinku a Ilera',
  'claim.approved.body': 'Labari mai daɗi: mai gudanarwa na Ilera ya amince da iƙirarinku na "{name}". Yanzu wannan shafi na cibiyarku ne.',
  'claim.approved.complete': 'Ku cika shi (bayani, ayyuka, lambobin tuntuɓa, yin alƙawari): {link}',
  'claim.rejected.subject': 'Ba a amince da iƙirarinku a Ilera ba',
  'claim.rejected.body': 'Mai gudanarwa na Ilera ya duba iƙirarinku na "{name}", kuma ba a amince da shi ba.',
  'claim.rejected.another': 'An amince da wani iƙirari na wannan cibiya',
  'claim.rejected.again': 'Kuna iya sake yin iƙirari da rajistar cibiyarku: {link}',
  'claim.rejected.mistake': 'Idan kuna ganin kuskure ne, ku amsa wannan imel ɗin da rajistar cibiyarku.',

  // Hausa: rajista is feminine (ta, za ta), lasisi masculine (na, zai).
  'licence.expired.subject': '{kind, select, institution {Rajistarku ta {country} ta ƙare} other {Lasisinku na {country} ya ƙare}}',
  'licence.expires.subject':
    '{kind, select, institution {Rajistarku ta {country} za ta ƙare} other {Lasisinku na {country} zai ƙare}} nan da {days, plural, one {kwana #} other {kwanaki #}}',
  'licence.expired.body':
    'Bayanan Ilera sun nuna cewa {kind, select, institution {rajistarku ta {country} {number} ta ƙare} other {lasisinku na {country} {number} ya ƙare}} ranar {until}.',
  'licence.expires.body':
    'Bayanan Ilera sun nuna cewa {kind, select, institution {rajistarku ta {country} {number} za ta ƙare} other {lasisinku na {country} {number} zai ƙare}} ranar {until}.',
  'licence.badge-gone': 'Bayananku ba sa nuna alamar "An tabbatar" kuma.',
  'licence.renewal-pending':
    'Har sai an sa {kind, select, institution {sabuwar rajista} other {sabon lasisi}} a bayananku, za su nuna cewa ana jiran sabuntawa; alƙawuran da aka riga aka yi suna nan.',
  'licence.will-lose':
    '{kind, select, institution {Idan ta ƙare} other {Idan ya ƙare}}, bayananku za su rasa alamar "An tabbatar", kuma idan babu {kind, select, institution {wata rajista ta Najeriya} other {wani lasisi na Najeriya}} mai aiki, ba za a ƙara yin sabbin alƙawura ba.',
  'licence.renew':
    'Bayan kun sabunta, ku shigar da sabuwar ranar ƙarewa {kind, select, institution {a ƙarƙashin Rajista a bayananku (Gyara Bayanai)} other {a ƙarƙashin Ƙasashen Aiki a dashbod ɗinku}}: {link}',

  'admin-password.subject': 'An canza kalmar sirrinku ta mai gudanarwa a Ilera',
  'admin-password.body': 'An canza kalmar sirrin asusunku na mai gudanarwa a Ilera yanzu. An fitar da duk sauran zaman asusun.',
  'admin-password.reset': 'Idan ba ku ne kuka yi wannan canji ba, ku sake saita kalmar sirrinku nan take: {link}',

  'welcome.subject': 'Asusunku na Ilera',
  'welcome.created':
    'Mai gudanarwa na Ilera ya buɗe muku asusu ({type, select, patient {mara lafiya} professional {ma’aikacin lafiya} institution {cibiyar lafiya} other {mai gudanarwa}}) da wannan adireshin imel ɗin.',
  'welcome.listed': 'An amince da bayananku, kuma suna cikin jerin Ilera.',
  'welcome.sign-in': 'Ku shiga a {link} da kalmar sirrin da mai gudanarwa zai ba ku, sannan ku canza ta.',
  'welcome.forgot': 'Kun manta ta? {link}',
};

/** Yorùbá: the polite "ẹ" / "yín". */
const yo: Partial<Record<MailMessageId, string>> = {
  hello: 'Ẹ n lẹ́ o {name},',
  'hello-anonymous': 'Ẹ n lẹ́ o,',
  team: 'Ikọ̀ Ilera',
  reason: 'Ìdí: {reason}',
  'see-as-patients': 'Ẹ wò ó bí àwọn aláìsàn ṣe ń rí i: {link}',

  'review-hidden.subject': 'A ti fi àgbéyẹ̀wò yín pamọ́ lórí Ilera',
  'review-hidden.body': 'Alábòójútó kan ti fi àgbéyẹ̀wò tí ẹ kọ nípa {provider} pamọ́ lórí Ilera. Kò hàn lórí ojú-ìwé náà tàbí nínú ìdíwọ̀n rẹ̀ mọ́.',
  'review-hidden.see': 'Ẹ ṣì lè rí i, pẹ̀lú ìdí yìí, tí ẹ bá wọlé: {link}',
  'review-hidden.mistake': 'Tí ẹ bá rò pé àṣìṣe ni, ẹ fèsì sí ímeèlì yìí.',

  'account-deleted.subject': 'A ti pa àkáǹtì Ilera yín rẹ́',
  'account-deleted.body':
    'A ti pa àkáǹtì Ilera yín àti àwọn ìsọfúnni inú rẹ̀ rẹ́, gẹ́gẹ́ bí ẹ ṣe béèrè. A ti fagilé àwọn ìpàdé yín tó ń bọ̀, a sì ti sọ fún àwọn olùpèsè ìtọ́jú. Àwọn àgbéyẹ̀wò tí ẹ kọ yóò wà síbẹ̀, lábẹ́ orúkọ "aláìsàn àtijọ́".',
  'account-cancelled.subject': 'A ti fagilé ìpàdé: {name}, {when}',
  'account-cancelled.patient-left':
    'A ti fagilé ìpàdé {patient} pẹ̀lú {provider} ní {when}: aláìsàn náà ti pa àkáǹtì Ilera rẹ̀ dé. Àkókò náà ti ṣí sílẹ̀ padà.',
  'account-cancelled.yours': 'Àwọn ìpàdé yín: {link}',
  'account-cancelled.provider-left': 'A ti fagilé ìpàdé yín pẹ̀lú {provider} ní {when}: olùpèsè ìtọ́jú náà kò sí lórí Ilera mọ́.',
  'account-cancelled.find': 'Ẹ wá olùpèsè ìtọ́jú mìíràn: {link}',
  'account-cancelled.when': '{day}, {time} WAT',

  'profile.approve.subject': 'A ti fọwọ́ sí àkọsílẹ̀ Ilera yín',
  'profile.approve.body':
    'Ìròyìn ayọ̀: alábòójútó Ilera ti fọwọ́ sí "{name}", ó sì ti wà nínú àkójọ Ilera báyìí, níbi tí àwọn aláìsàn ti lè rí i kí wọ́n sì ṣe ìpàdé.',
  'profile.reject.subject': 'A kò fọwọ́ sí ìbéèrè Ilera yín',
  'profile.reject.body': 'Alábòójútó Ilera ti yẹ ìbéèrè yín fún "{name}" wò, a kò sì fọwọ́ sí i.',
  'profile.reject.update': 'Ẹ lè ṣàtúnṣe àkọsílẹ̀ yín kí ẹ sì béèrè pé kí a tún un yẹ̀ wò: {link}',
  'profile.reopen.subject': 'A ń tún ìbéèrè Ilera yín yẹ̀ wò',
  'profile.reopen.body':
    'Alábòójútó Ilera ti tún ìbéèrè yín fún "{name}" ṣí. Ó ti padà sí ìlà àyẹ̀wò; ẹ ó gbọ́ láti ọ̀dọ̀ wa nígbà tí a bá yẹ̀ ẹ́ wò tán.',
  'profile.reopen.update': 'Ẹ lè ṣàtúnṣe àkọsílẹ̀ yín ná: {link}',
  'profile.withdraw.subject': 'A ti yọ ìfọwọ́sí àkọsílẹ̀ Ilera yín kúrò',
  'profile.withdraw.body': 'Alábòójútó Ilera ti yọ ìfọwọ́sí "{name}" kúrò. Kò sí nínú àkójọ Ilera mọ́ nígbà tí a ń tún un yẹ̀ wò.',
  'profile.withdraw.review': 'Ẹ lè yẹ àkọsílẹ̀ yín wò níbí: {link}',

  'claim.approved.subject': 'A ti fọwọ́ sí ìbéèrè ìní yín lórí Ilera',
  'claim.approved.body': 'Ìròyìn ayọ̀: alábòójútó Ilera ti fọwọ́ sí ìbéèrè ìní yín fún "{name}". Ojú-ìwé náà ti di ti ilé-iṣẹ́ yín báyìí.',
  'claim.approved.complete': 'Ẹ parí rẹ̀ (àpèjúwe, iṣẹ́, ìbánisọ̀rọ̀, ìpàdé): {link}',
  'claim.rejected.subject': 'A kò fọwọ́ sí ìbéèrè ìní yín lórí Ilera',
  'claim.rejected.body': 'Alábòójútó Ilera ti yẹ ìbéèrè ìní yín fún "{name}" wò, a kò sì fọwọ́ sí i.',
  'claim.rejected.another': 'A ti fọwọ́ sí ìbéèrè ìní mìíràn fún ilé-iṣẹ́ yìí',
  'claim.rejected.again': 'Ẹ lè tún béèrè rẹ̀ pẹ̀lú ìforúkọsílẹ̀ ilé-iṣẹ́ yín: {link}',
  'claim.rejected.mistake': 'Tí ẹ bá rò pé àṣìṣe ni, ẹ fèsì sí ímeèlì yìí pẹ̀lú ìforúkọsílẹ̀ ilé-iṣẹ́ yín.',

  'licence.expired.subject': '{kind, select, institution {Ìforúkọsílẹ̀} other {Ìwé-àṣẹ}} {country} yín ti parí',
  'licence.expires.subject': '{kind, select, institution {Ìforúkọsílẹ̀} other {Ìwé-àṣẹ}} {country} yín yóò parí ní {days, plural, other {ọjọ́ #}} sí i',
  'licence.expired.body': 'Àkọsílẹ̀ Ilera fihàn pé {kind, select, institution {ìforúkọsílẹ̀} other {ìwé-àṣẹ}} {country} yín {number} ti parí ní {until}.',
  'licence.expires.body': 'Àkọsílẹ̀ Ilera fihàn pé {kind, select, institution {ìforúkọsílẹ̀} other {ìwé-àṣẹ}} {country} yín {number} yóò parí ní {until}.',
  'licence.badge-gone': 'Àkọsílẹ̀ yín kò fi àmì "Ti dájú" hàn mọ́.',
  'licence.renewal-pending':
    'Títí {kind, select, institution {ìforúkọsílẹ̀} other {ìwé-àṣẹ}} tuntun yóò fi wà lórí àkọsílẹ̀ yín, yóò máa sọ pé a ń dúró de ìsọdọ̀tun; àwọn ìpàdé tí a ti ṣe yóò wà síbẹ̀.',
  'licence.will-lose':
    'Tí ó bá parí, àkọsílẹ̀ yín yóò pàdánù àmì "Ti dájú", tí kò bá sì sí {kind, select, institution {ìforúkọsílẹ̀} other {ìwé-àṣẹ}} Nàìjíríà mìíràn tó ń ṣiṣẹ́, kò ní gba ìpàdé tuntun mọ́.',
  'licence.renew':
    'Lẹ́yìn tí ẹ bá sọ ọ́ dọ̀tun, ẹ tẹ ọjọ́ ìparí tuntun {kind, select, institution {sí abẹ́ Ìforúkọsílẹ̀ nínú àkọsílẹ̀ yín (Ṣàtúnṣe Àkọsílẹ̀)} other {sí abẹ́ Orílẹ̀-èdè Iṣẹ́ lórí dáṣíbọ́ọ̀dù yín}}: {link}',

  'admin-password.subject': 'A ti yí ọ̀rọ̀ aṣínà alábòójútó Ilera yín padà',
  'admin-password.body': 'A ṣẹ̀ṣẹ̀ yí ọ̀rọ̀ aṣínà àkáǹtì alábòójútó Ilera yín padà. A ti jáde kúrò nínú gbogbo ìgbà ìwọlé mìíràn ti àkáǹtì náà.',
  'admin-password.reset': 'Tí kì í bá ṣe ẹ̀yin ló ṣe àyípadà yìí, ẹ ṣe àtúntò ọ̀rọ̀ aṣínà yín lẹ́sẹ̀kẹsẹ̀: {link}',

  'welcome.subject': 'Àkáǹtì Ilera yín',
  'welcome.created':
    'Alábòójútó Ilera kan ti ṣí àkáǹtì kan fún yín ({type, select, patient {aláìsàn} professional {òṣìṣẹ́ ìlera} institution {ilé ìtọ́jú} other {alábòójútó}}) pẹ̀lú àdírẹ́sì ímeèlì yìí.',
  'welcome.listed': 'A ti fọwọ́ sí àkọsílẹ̀ yín, ó sì ti wà nínú àkójọ Ilera.',
  'welcome.sign-in': 'Ẹ wọlé ní {link} pẹ̀lú ọ̀rọ̀ aṣínà tí alábòójútó bá fún yín, lẹ́yìn náà ẹ yí i padà.',
  'welcome.forgot': 'Ẹ ti gbàgbé rẹ̀? {link}',
};

/** Igbo: "gị", as Igbo speaks to one person politely enough; "oge ịhụ dọkịta" for appointment (glossary). */
const ig: Partial<Record<MailMessageId, string>> = {
  hello: 'Ndewo {name},',
  'hello-anonymous': 'Ndewo,',
  team: 'Otu Ilera',
  reason: 'Ihe kpatara ya: {reason}',
  'see-as-patients': 'Lee ya dịka ndị ọrịa si ahụ ya: {link}',

  'review-hidden.subject': 'Ezoola ntụle gị na Ilera',
  'review-hidden.body': 'Onye nlekọta ezoola ntụle i dere maka {provider} na Ilera. Ọ naghị apụta ọzọ na profaịlụ ahụ ma ọ bụ n’akara ya.',
  'review-hidden.see': 'Ị ka nwere ike ịhụ ya, ya na ihe kpatara ya, mgbe ị banyere: {link}',
  'review-hidden.mistake': 'Ọ bụrụ na i chere na ọ bụ njehie, zaa email a.',

  'account-deleted.subject': 'Ehichapụla akaụntụ Ilera gị',
  'account-deleted.body':
    'Ehichapụla akaụntụ Ilera gị na data dị na ya, dịka ị rịọrọ. Akagbuola oge ịhụ dọkịta gị na-abịa, ma gwa ndị na-enye ọgwụgwọ. Ntụle ndị i dere ka dị, n’aha "onye ọrịa mbụ".',
  'account-cancelled.subject': 'Akagbuola oge ịhụ dọkịta: {name}, {when}',
  'account-cancelled.patient-left':
    'Akagbuola oge ịhụ dọkịta {patient} na {provider} na {when}: onye ọrịa ahụ emechiela akaụntụ Ilera ya. Oge ahụ dị ọzọ.',
  'account-cancelled.yours': 'Oge ịhụ dọkịta gị niile: {link}',
  'account-cancelled.provider-left': 'Akagbuola oge ịhụ dọkịta gị na {provider} na {when}: onye na-enye ọgwụgwọ ahụ anọghịzi na Ilera.',
  'account-cancelled.find': 'Chọta onye ọzọ na-enye ọgwụgwọ: {link}',
  'account-cancelled.when': '{day}, {time} WAT',

  'profile.approve.subject': 'Akwadola profaịlụ Ilera gị',
  'profile.approve.body':
    'Ozi ọma: onye nchịkwa Ilera akwadola "{name}", ọ dịkwa ugbu a na ndepụta Ilera, ebe ndị ọrịa ga-ahụ ya ma debe oge ịhụ dọkịta.',
  'profile.reject.subject': 'Akwadoghị arịrịọ Ilera gị',
  'profile.reject.body': 'Onye nchịkwa Ilera lebara arịrịọ gị maka "{name}" anya, akwadoghịkwa ya.',
  'profile.reject.update': 'Ị nwere ike imezi profaịlụ gị ma rịọ ka e lelee ya ọzọ: {link}',
  'profile.reopen.subject': 'A na-elele arịrịọ Ilera gị ọzọ',
  'profile.reopen.body':
    'Onye nchịkwa Ilera emegheela arịrịọ gị maka "{name}" ọzọ. Ọ laghachila n’ahịrị nlele; ị ga-anụ n’aka anyị ozugbo e lechara ya.',
  'profile.reopen.update': 'Ị nwere ike imezi profaịlụ gị ka ọ dị ugbu a: {link}',
  'profile.withdraw.subject': 'Ewepụla nkwado profaịlụ Ilera gị',
  'profile.withdraw.body': 'Onye nchịkwa Ilera ewepụla nkwado "{name}". Ọ nọghị na ndepụta Ilera mgbe a na-elele ya ọzọ.',
  'profile.withdraw.review': 'Ị nwere ike ilele profaịlụ gị ebe a: {link}',

  'claim.approved.subject': 'Akwadola nkwupụta nwe gị na Ilera',
  'claim.approved.body': 'Ozi ọma: onye nchịkwa Ilera akwadola nkwupụta nwe gị maka "{name}". Ndepụta ahụ bụzi profaịlụ ụlọ ọrụ gị.',
  'claim.approved.complete': 'Mezue ya (nkọwa, ọrụ, ka esi akpọ unu, ndebe oge): {link}',
  'claim.rejected.subject': 'Akwadoghị nkwupụta nwe gị na Ilera',
  'claim.rejected.body': 'Onye nchịkwa Ilera lebara nkwupụta nwe gị maka "{name}" anya, akwadoghịkwa ya.',
  'claim.rejected.another': 'Akwadola nkwupụta nwe ọzọ maka ụlọ ọrụ a',
  'claim.rejected.again': 'Ị nwere ike ịkwupụta ya ọzọ site na ndebanye aha ụlọ ọrụ gị: {link}',
  'claim.rejected.mistake': 'Ọ bụrụ na i kwenyere na ọ bụ njehie, zaa email a ya na ndebanye aha ụlọ ọrụ gị.',

  'licence.expired.subject': '{kind, select, institution {Ndebanye aha} other {Akwụkwọ ikike}} {country} gị agwụla',
  'licence.expires.subject':
    '{kind, select, institution {Ndebanye aha} other {Akwụkwọ ikike}} {country} gị ga-agwụ n’ime {days, plural, other {ụbọchị #}}',
  'licence.expired.body': 'Ndekọ Ilera gosiri na {kind, select, institution {ndebanye aha} other {akwụkwọ ikike}} {country} gị {number} gwụrụ na {until}.',
  'licence.expires.body':
    'Ndekọ Ilera gosiri na {kind, select, institution {ndebanye aha} other {akwụkwọ ikike}} {country} gị {number} ga-agwụ na {until}.',
  'licence.badge-gone': 'Profaịlụ gị anaghịzi egosi akara "Ekwenyela".',
  'licence.renewal-pending':
    'Ruo mgbe {kind, select, institution {ndebanye aha} other {akwụkwọ ikike}} ọhụrụ dị na profaịlụ gị, ọ ga-ekwu na a na-eche mmeghari ọhụrụ; oge ịhụ dọkịta e debelarị ka dị.',
  'licence.will-lose':
    'Ozugbo ọ gwụrụ, profaịlụ gị ga-atụfu akara "Ekwenyela", ma ọ bụrụ na ọ nweghị {kind, select, institution {ndebanye aha} other {akwụkwọ ikike}} Naịjirịa ọzọ na-arụ ọrụ, ọ gaghị anabatakwa oge ịhụ dọkịta ọhụrụ.',
  'licence.renew':
    'Mgbe i meghariri ya ọhụrụ, tinye ụbọchị ọ ga-agwụ ọhụrụ {kind, select, institution {n’okpuru Ndebanye aha na profaịlụ gị (Dezie Profaịlụ)} other {n’okpuru Mba Ọrụ na dashboard gị}}: {link}',

  'admin-password.subject': 'Agbanweela okwuntughe onye nchịkwa Ilera gị',
  'admin-password.body': 'Agbanweela okwuntughe akaụntụ onye nchịkwa Ilera gị ugbu a. Ewepụla akaụntụ ahụ n’oge nbanye ọ bụla ọzọ.',
  'admin-password.reset': 'Ọ bụrụ na ọ bụghị gị mere mgbanwe a, tọgharịa okwuntughe gị ozugbo: {link}',

  'welcome.subject': 'Akaụntụ Ilera gị',
  'welcome.created':
    'Onye nchịkwa Ilera emepụtala gị akaụntụ ({type, select, patient {onye ọrịa} professional {onye ọrụ ahụike} institution {ụlọ ọrụ ahụike} other {onye nchịkwa}}) jiri adreesị email a.',
  'welcome.listed': 'Akwadola profaịlụ gị, ọ dịkwa na ndepụta Ilera.',
  'welcome.sign-in': 'Banye na {link} jiri okwuntughe onye nchịkwa ga-enye gị, wee gbanwee ya.',
  'welcome.forgot': 'Ichefuola ya? {link}',
};

/** Nigerian Pidgin: everyday Naijá, English spelling. */
const pcm: Partial<Record<MailMessageId, string>> = {
  hello: 'Hello {name},',
  'hello-anonymous': 'Hello,',
  team: 'The Ilera team',
  reason: 'Reason: {reason}',
  'see-as-patients': 'See am as patients dey see am: {link}',

  'review-hidden.subject': 'Dem don hide your review for Ilera',
  'review-hidden.body': 'One moderator don hide the review wey you write about {provider} for Ilera. E no dey show for the profile or for im rating again.',
  'review-hidden.see': 'You fit still see am, with this reason, when you sign in: {link}',
  'review-hidden.mistake': 'If you think say na mistake, reply this e-mail.',

  'account-deleted.subject': 'We don delete your Ilera account',
  'account-deleted.body':
    'We don delete your Ilera account and all the data wey dey inside, as you ask. We don cancel your appointments wey dey come and we don tell the doctors or places. The reviews wey you write go still dey, with the name "Former patient".',
  'account-cancelled.subject': 'Appointment don cancel: {name}, {when}',
  'account-cancelled.patient-left':
    'The appointment of {patient} with {provider} for {when} don cancel: the patient don close im Ilera account. The time don free again.',
  'account-cancelled.yours': 'Your appointments: {link}',
  'account-cancelled.provider-left': 'Your appointment with {provider} for {when} don cancel: the doctor or place no dey Ilera again.',
  'account-cancelled.find': 'Find another doctor or place: {link}',
  'account-cancelled.when': '{day} at {time} WAT',

  'profile.approve.subject': 'Dem don approve your Ilera profile',
  'profile.approve.body':
    'Good news: Ilera administrator don approve "{name}" and e don dey the directory now, where patients fit find am and book appointment.',
  'profile.reject.subject': 'Dem no approve your Ilera application',
  'profile.reject.body': 'Ilera administrator don check your application for "{name}" but dem no approve am.',
  'profile.reject.update': 'You fit update your profile and ask make dem check am again: {link}',
  'profile.reopen.subject': 'Dem dey check your Ilera application again',
  'profile.reopen.body':
    'Ilera administrator don open your application for "{name}" again. E don go back for the line wey dem dey check; you go hear from us when dem finish.',
  'profile.reopen.update': 'You fit update your profile for now: {link}',
  'profile.withdraw.subject': 'Dem don remove the approval of your Ilera profile',
  'profile.withdraw.body': 'Ilera administrator don remove the approval of "{name}". E no dey the directory again while dem dey check am again.',
  'profile.withdraw.review': 'You fit check your profile here: {link}',

  'claim.approved.subject': 'Dem don approve your claim for Ilera',
  'claim.approved.body': 'Good news: Ilera administrator don approve your claim of "{name}". The listing don turn your institution profile now.',
  'claim.approved.complete': 'Finish am (description, services, contact, booking): {link}',
  'claim.rejected.subject': 'Dem no approve your claim for Ilera',
  'claim.rejected.body': 'Ilera administrator don check your claim of "{name}" but dem no approve am.',
  'claim.rejected.another': 'Dem don approve another claim for this place',
  'claim.rejected.again': 'You fit claim am again with the registration of your place: {link}',
  'claim.rejected.mistake': 'If you believe say na mistake, reply this e-mail with the registration of your place.',

  'licence.expired.subject': 'Your {country} {kind, select, institution {registration} other {licence}} don expire',
  'licence.expires.subject':
    'Your {country} {kind, select, institution {registration} other {licence}} go expire in {days, plural, one {# day} other {# days}}',
  'licence.expired.body':
    'Wetin Ilera get for record show say your {country} {kind, select, institution {registration} other {licence}} {number} don expire on {until}.',
  'licence.expires.body':
    'Wetin Ilera get for record show say your {country} {kind, select, institution {registration} other {licence}} {number} go expire on {until}.',
  'licence.badge-gone': 'Your profile no dey show the "Verified" badge again.',
  'licence.renewal-pending':
    'Until new {kind, select, institution {registration} other {licence}} dey your profile, e go talk "{pending}"; appointments wey dem don book go still dey.',
  'licence.will-lose':
    'Once e expire, your profile go lose the "Verified" badge, and if you no get another Nigerian {kind, select, institution {registration} other {licence}} wey still dey work, e go stop to take new booking.',
  'licence.renew':
    'After you renew, put the new expiry date {kind, select, institution {under Registrations for your profile (Edit Profile)} other {under Countries of Practice for your dashboard}}: {link}',

  'admin-password.subject': 'Dem don change your Ilera administrator password',
  'admin-password.body': 'Dem just change the password of your Ilera administrator account. Every other session of the account don sign out.',
  'admin-password.reset': 'If no be you do this change, reset your password sharp sharp: {link}',

  'welcome.subject': 'Your Ilera account',
  'welcome.created':
    'Ilera administrator don open account for you ({type, select, patient {patient} professional {health worker} institution {hospital or health place} other {administrator}}) with this e-mail address.',
  'welcome.listed': 'Dem don approve your profile and e dey the directory now.',
  'welcome.sign-in': 'Sign in for {link} with the password wey the administrator go give you, then change am.',
  'welcome.forgot': 'You don forget am? {link}',
};

export const mailMessages: { en: Record<MailMessageId, string> } & Partial<Record<Exclude<Locale, 'en'>, Partial<Record<MailMessageId, string>>>> = {
  en,
  ha,
  yo,
  ig,
  pcm,
};
