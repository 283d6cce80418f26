// The USSD menus (issue 49, D30, decision 045). Africa's Talking posts every answer of the session so far,
// joined by '*', at each step; the menus are replayed from that path, so no session state is kept between
// steps: a session that times out has left nothing half-done. What changes anything (a text, a cancellation,
// a confirmation) happens only on the step that asks for it, once per session (ussd_actions), and only when
// that step is the last answer: a replay never repeats it. '00' goes back and '0' to the main menu from
// every screen; a typing error redraws the screen with a short note. Every screen fits 182 characters.
// Issue 50 (decision 049): the menus are in the language of the phone's account (phoneAccount), else English;
// main menu's 5 chooses another for the rest of the session (it is in the path, so a replay keeps it) and keeps
// it on the phone's account. Every screen and every text is written in GSM-7 (toGsm7: Yorùbá and Igbo marks
// dropped, Hausa's hooked letters plain), so a screen has USSD's 182 characters in every language: one letter
// outside GSM-7 would make it UCS-2, 80 characters.
import { formatLagosDate, formatLagosTime } from '@ilera/contracts';
import { LOCALES, type Locale } from '@ilera/contracts/locales';
import { emit, type Sql } from '@ilera/db';
import type { RegisterWards, SearchEngine } from '@ilera/search';
import { smsWhen, toGsm7 } from '@ilera/workers/channels/texts';
import { textRefusal } from '@ilera/workers/channels/processor';
import { localDay, message, recipientLocale, usesEnglishDates, type TextMessageId } from '@ilera/workers/messages';
import { loadSessionUser } from '../../plugins/session';
import { changeStatus } from '../appointments/appointments.service';
import { nearestHospitals, type NearbyHospital, type Whereabouts } from '../emergency/emergency.service';
import { handleReply } from '../notify/notify.service';
import { careDetails, careKindLabel, findPlace, km, nearCare, PAGE_SIZE, shortPhone, type CareKind, type CarePage } from './care-near';
import { accountOfPhone, checkPin, nextAppointments, phoneAccount, saveAccountLanguage, type UssdAccount, type UssdAppointment } from './ussd.account';

/** The most a USSD screen shows (Africa's Talking's documented limit, GSM-7 characters). */
export const SCREEN_MAX = 182;
const MORE = '9';

export interface UssdDeps {
  sql: Sql;
  engine: SearchEngine;
  wards?: RegisterWards;
  appUrl: string;
  /** The SMS short code people text searches to (SMS_SHORTCODE), shown in Help. */
  smsNumber?: string;
  now?: Date;
}

export interface UssdStep {
  sessionId: string;
  /** E.164. */
  phone: string;
  /** Every answer of the session so far, in order ('' on the first request: none). */
  answers: string[];
}

export interface UssdAnswer {
  end: boolean;
  text: string;
  /** The screen drawn (a name fixed in code, for metrics and logs; never what was typed). */
  screen: string;
}

type Screen =
  | { kind: 'main' }
  | { kind: 'emergency-place' }
  | { kind: 'emergency-list'; at: Whereabouts }
  | { kind: 'care-kind' }
  | { kind: 'care-doctor' }
  | { kind: 'care-place'; what: CareKind }
  | { kind: 'care-list'; what: CareKind; at: Whereabouts; page: number }
  | { kind: 'appointments' }
  | { kind: 'appointment-list'; account: UssdAccount }
  | { kind: 'appointment'; account: UssdAccount; appointment: UssdAppointment }
  | { kind: 'help' }
  | { kind: 'language' };

type Outcome = { push: Screen } | { end: string } | { retry: string } | { home: true };

const cut = (s: string, n: number) => (s.length <= n ? s : `${s.slice(0, Math.max(1, n - 1)).trimEnd()}.`);

/** The longest version of a screen that fits in `room` GSM-7 characters: the longest names shortened until it does. */
function fit(build: (nameMax: number) => string, room = SCREEN_MAX): string {
  for (let n = 60; n > 3; n--) {
    const text = toGsm7(build(n));
    if (text.length <= room) return text;
  }
  return toGsm7(build(3)).slice(0, room);
}

const plain = (s: string) => toGsm7(s).replace(/\s+/g, ' ').trim();
/** 'Tue, 24 Nov 09:30' in English and Pidgin; the day in the language's own words (CLDR) in Hausa, Yorùbá, Igbo. */
const shortWhen = (d: Date, locale: Locale) =>
  `${usesEnglishDates(locale) ? formatLagosDate(d).replace(/ \d{4}$/, '') : localDay(locale, d)} ${formatLagosTime(d)}`;
type UssdMessageId = Extract<TextMessageId, `ussd.${string}`>;

/**
 * Answers one step. `session.locale` follows the session's language as the replay learns it (the account's, then
 * a choice on the language screen), so the callback can say a failure in it (ussd.routes.ts).
 */
export async function answerUssd(deps: UssdDeps, step: UssdStep, session: { locale: Locale } = { locale: 'en' }): Promise<UssdAnswer> {
  const now = deps.now ?? new Date();
  const memo = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    let p = memo.get(key) as Promise<T> | undefined;
    if (!p) memo.set(key, (p = load()));
    return p;
  };
  const emergencyList = (at: Whereabouts) => once(`e:${at.lat},${at.lng}`, () => nearestHospitals(deps.engine, deps.sql, at, now).then((h) => h.slice(0, 3)));
  const carePage = (what: CareKind, at: Whereabouts, page: number) => once(`c:${what}:${at.lat},${at.lng}:${page}`, () => nearCare(deps.engine, what, at, page));
  const place = (typed: string) => once(`p:${typed.toLowerCase()}`, () => findPlace(deps.sql, typed, deps.wards));
  const account = () => once('account', () => accountOfPhone(deps.sql, step.phone));
  const appointments = (a: UssdAccount) => once('appointments', () => nextAppointments(deps.sql, a.id, step.sessionId, now));
  // The session's language: the phone's account's until a choice on the language screen (replayed with the path).
  const owner = await phoneAccount(deps.sql, step.phone);
  let locale: Locale = (session.locale = recipientLocale(owner.language));
  /** A message of the session's language, in GSM-7. */
  const t = (id: UssdMessageId | `care.${string}`, values: Record<string, string | number> = {}) => toGsm7(message(locale, id as TextMessageId, values));
  const footer = () => t('ussd.footer');
  /** Records a once-per-session action; false when it was done already. */
  const first = async (action: string) =>
    (await deps.sql`INSERT INTO ussd_actions (session_id, action) VALUES (${step.sessionId}, ${action}) ON CONFLICT DO NOTHING RETURNING 1`).length > 0;
  const done = async (action: string) =>
    (await deps.sql`SELECT 1 FROM ussd_actions WHERE session_id = ${step.sessionId} AND action = ${action}`).length > 0;
  // Texts asked for on USSD go as every text does (STOP and the daily cap hold: the texts worker); the PIN's
  // notice answers the person's own action, as the answer to a STOP does ('reply').
  const sendText = (body: string, kind: 'ussd' | 'reply' = 'ussd') => emit(deps.sql, 'text.send', { to: step.phone, body: toGsm7(body), channel: 'sms', kind });
  // Asked before a text is promised: the texts worker would drop it after a STOP or past the daily cap.
  const refusal = async () => {
    const refused = await textRefusal(deps.sql, step.phone, now);
    return refused === 'opted-out' ? t('ussd.refused-stopped') : refused === 'capped' ? t('ussd.refused-capped') : null;
  };

  /** Draws a screen in `room` characters (less than a whole screen when a note goes above it). */
  async function draw(s: Screen, room = SCREEN_MAX): Promise<string> {
    const fitted = (build: (nameMax: number) => string) => fit(build, room);
    switch (s.kind) {
      case 'main':
        return t('ussd.main');
      case 'language':
        return `${t('ussd.language')}\n${footer()}`;
      case 'emergency-place':
        return `${t('ussd.emergency-place')}\n${footer()}`;
      case 'emergency-list': {
        const list = await emergencyList(s.at);
        if (!list.length) return `${t('ussd.emergency-none', { place: cut(plain(s.at.label), 30) })}\n${footer()}`;
        // What does not depend on the names' room is made once, not at each try of fit().
        const head = t('ussd.emergency-head', { place: cut(plain(s.at.label), 20) });
        const rows = list.map((h) => ({ name: plain(h.name), rest: `${km(h.distanceKm)} ${shortPhone(h.phone)}` }));
        const tail = [t('ussd.emergency-text'), footer()];
        return fitted((n) => [head, ...rows.map((h) => `${cut(h.name, n)} ${h.rest}`.trim()), ...tail].join('\n'));
      }
      case 'care-kind':
        return `${t('ussd.care-kind')}\n${footer()}`;
      case 'care-doctor':
        return `${t('ussd.care-doctor')}\n${footer()}`;
      case 'care-place':
        return `${t('ussd.care-place', { kind: careKindLabel(s.what, locale) })}\n${footer()}`;
      case 'care-list': {
        const page = await carePage(s.what, s.at, s.page);
        const label = careKindLabel(s.what, locale);
        if (!page.items.length) return `${t('ussd.care-none', { kind: label.toLowerCase(), place: cut(plain(s.at.label), 30) })}\n${footer()}`;
        const from = (s.page - 1) * PAGE_SIZE + 1;
        const more = from - 1 + page.items.length < page.found;
        const head = t('ussd.care-head', { kind: label, place: cut(plain(s.at.label), 16), from, to: from + page.items.length - 1, found: page.found });
        const names = page.items.map((c) => plain(c.name));
        const tail = [...(more ? [t('ussd.more')] : []), footer()];
        return fitted((n) => [head, ...page.items.map((c, i) => `${i + 1} ${cut(names[i]!, n)} ${km(c.distanceKm)}`), ...tail].join('\n'));
      }
      case 'appointments': {
        const a = await account();
        if (!a) return `${t('ussd.no-account', { site: deps.appUrl.replace(/^https?:\/\//, '') })}\n${footer()}`;
        if (a.lockedUntil && a.lockedUntil > now) return `${t('ussd.pin-locked', { when: shortWhen(a.lockedUntil, locale) })}\n${footer()}`;
        return `${t('ussd.pin-enter')}\n${footer()}`;
      }
      case 'appointment-list': {
        const list = await appointments(s.account);
        if (!list.length) return `${t('ussd.no-appointments')}\n${footer()}`;
        const rows = list.map((a) => ({ when: plain(shortWhen(a.appointmentDate, locale)), name: plain(a.providerName), status: t('ussd.status', { status: a.status }) }));
        const head = t('ussd.appointments');
        const tail = footer();
        return fitted((n) => [head, ...rows.map((a, i) => `${i + 1} ${a.when} ${cut(a.name, n)} (${a.status})`), tail].join('\n'));
      }
      case 'appointment': {
        const a = s.appointment;
        const action = a.asProvider ? (a.status === 'pending' ? t('ussd.confirm-it') : '') : t('ussd.cancel-it');
        const when = plain(smsWhen(a.appointmentDate, locale));
        const name = plain(a.providerName);
        const status = t('ussd.status', { status: a.status });
        const tail = footer();
        return fitted((n) => [t('ussd.appointment', { when, provider: cut(name, n), status }), action, tail].filter(Boolean).join('\n'));
      }
      case 'help':
        return `${t('ussd.help', { number: deps.smsNumber || 'none' })}\n${footer()}`;
    }
  }

  /** What an answer on screen `s` does; `last`: it is the step being answered now (else a replay). */
  async function answer(s: Screen, a: string, index: number, last: boolean): Promise<Outcome> {
    const choice = /^\d{1,2}$/.test(a) ? Number(a) : NaN;
    switch (s.kind) {
      case 'main': {
        const next: Screen | undefined = [undefined, { kind: 'emergency-place' }, { kind: 'care-kind' }, { kind: 'appointments' }, { kind: 'help' }, { kind: 'language' }][
          choice
        ] as Screen | undefined;
        return next ? { push: next } : { retry: t('ussd.choose-range', { max: 5 }) };
      }
      case 'language': {
        const chosen = LOCALES[choice - 1];
        if (!chosen) return { retry: t('ussd.choose-range', { max: LOCALES.length }) };
        locale = session.locale = chosen;
        // Kept on the phone's account (once, on the step that chose it): its texts, mail and pages follow.
        if (last && owner.id && (await first(`language:${index}`))) await saveAccountLanguage(deps.sql, owner.id, chosen);
        return { home: true };
      }
      case 'emergency-place':
      case 'care-place': {
        if (!/\p{L}/u.test(a)) return { retry: t('ussd.type-place') };
        const at = await place(a);
        if (!at) return { retry: t('ussd.unknown-place', { place: cut(plain(a), 20) }) };
        return { push: s.kind === 'emergency-place' ? { kind: 'emergency-list', at } : { kind: 'care-list', what: s.what, at, page: 1 } };
      }
      case 'emergency-list': {
        const list = await emergencyList(s.at);
        if (choice !== 1 || !list.length) return { retry: t('ussd.choose-1-back') };
        const refused = await refusal();
        if (refused) return { end: refused };
        if (last && (await first(`sms:${index}`))) await sendText(emergencyText(s.at, list, locale));
        return { end: t('ussd.texting-hospitals') };
      }
      case 'care-kind': {
        const kinds: (CareKind | 'doctor')[] = ['hospital', 'pharmacy', 'lab', 'doctor'];
        const k = kinds[choice - 1];
        if (!k) return { retry: t('ussd.choose-range', { max: 4 }) };
        return { push: k === 'doctor' ? { kind: 'care-doctor' } : { kind: 'care-place', what: k } };
      }
      case 'care-doctor': {
        const k = (['gp', 'children', 'women', 'dentist', 'eye'] as CareKind[])[choice - 1];
        return k ? { push: { kind: 'care-place', what: k } } : { retry: t('ussd.choose-range', { max: 5 }) };
      }
      case 'care-list': {
        const page: CarePage = await carePage(s.what, s.at, s.page);
        if (a === MORE && s.page * PAGE_SIZE < page.found) return { push: { ...s, page: s.page + 1 } };
        const item = page.items[choice - 1];
        if (!item) return { retry: t('ussd.choose-range', { max: page.items.length || 1 }) };
        const refused = await refusal();
        if (refused) return { end: refused };
        if (last && (await first(`care:${index}`))) await sendText(await careDetails(deps.sql, item, deps.appUrl, now, locale));
        return { end: t('ussd.texting-details', { name: cut(plain(item.name), 60) }) };
      }
      case 'appointments': {
        const acc = await account();
        if (!acc || (acc.lockedUntil && acc.lockedUntil > now)) return { retry: t('ussd.choose-back') };
        if (!/^\d{4}$/.test(a)) return { retry: t('ussd.pin-digits') };
        if (await done(`pin:${index}`)) return { push: { kind: 'appointment-list', account: acc } };
        // A wrong PIN is counted once, on its own step; a replay of it just redraws.
        if (!last) return { retry: t('ussd.pin-wrong') };
        const check = await checkPin(deps.sql, acc, a, now);
        if (!check.ok) {
          memo.set('account', Promise.resolve({ ...acc, lockedUntil: check.lockedUntil }));
          return { retry: check.lockedUntil ? t('ussd.pin-wrong') : t('ussd.pin-wrong-left', { left: check.triesLeft }) };
        }
        if (await first(`pin:${index}`)) {
          await sendText(message(locale, 'ussd.sms-pin-used', { when: smsWhen(now, locale), link: `${deps.appUrl}/account` }), 'reply');
        }
        return { push: { kind: 'appointment-list', account: { ...acc, failures: 0, lockedUntil: null } } };
      }
      case 'appointment-list': {
        const list = await appointments(s.account);
        const appointment = list[choice - 1];
        return appointment ? { push: { kind: 'appointment', account: s.account, appointment } } : { retry: t('ussd.choose-range', { max: list.length || 1 }) };
      }
      case 'appointment': {
        const ap = s.appointment;
        const to = ap.asProvider ? (ap.status === 'pending' ? 'confirmed' : null) : 'cancelled';
        if (choice !== 1 || !to) return { retry: t('ussd.choose-1-back') };
        const said = t(to === 'cancelled' ? 'ussd.cancelled' : 'ussd.confirmed', { when: smsWhen(ap.appointmentDate, locale) });
        if (!last || !(await first(`${to}:${ap.id}`))) return { end: said };
        const user = await loadSessionUser(deps.sql, s.account.id);
        try {
          if (!user) throw new Error('no user');
          await changeStatus(deps.sql, user, ap.id, to, () => now);
        } catch {
          return { end: t('ussd.cannot-change') };
        }
        return { end: said };
      }
      case 'help': {
        if (choice !== 1 && choice !== 2) return { retry: t('ussd.choose-1-2') };
        if (last && (await first(`texts:${index}`))) await handleReply(deps.sql, step.phone, choice === 1 ? 'STOP' : 'START', 'sms', deps.appUrl, now);
        return { end: t(choice === 1 ? 'ussd.texts-stopped' : 'ussd.texts-started') };
      }
    }
  }

  let stack: Screen[] = [{ kind: 'main' }];
  let note = '';
  for (const [i, raw] of step.answers.entries()) {
    const a = raw.trim();
    const last = i === step.answers.length - 1;
    note = '';
    if (a === '0') stack = [{ kind: 'main' }];
    else if (a === '00') {
      if (stack.length > 1) stack.pop();
    } else {
      const top = stack[stack.length - 1]!;
      const out = await answer(top, a, i, last);
      if ('end' in out) return { end: true, text: cut(toGsm7(out.end), SCREEN_MAX), screen: `${top.kind}:end` };
      if ('push' in out) stack.push(out.push);
      else if ('home' in out) stack = [{ kind: 'main' }];
      else note = out.retry;
    }
  }
  const top = stack[stack.length - 1]!;
  const body = await draw(top, note ? SCREEN_MAX - note.length - 1 : SCREEN_MAX);
  const text = toGsm7(note ? `${note}\n${body}` : body);
  return { end: false, text: text.slice(0, SCREEN_MAX), screen: note ? `${top.kind}:retry` : top.kind };
}

/** The emergency list as a text (in `locale`): call 112 first, then each hospital's name, distance and phone. */
function emergencyText(at: Whereabouts, list: NearbyHospital[], locale: Locale): string {
  const items = list.map((h) => [toGsm7(h.name), km(h.distanceKm), shortPhone(h.phone)].filter(Boolean).join(', '));
  return toGsm7(message(locale, 'ussd.sms-emergency', { place: toGsm7(at.label), list: items.join('; ') }));
}
