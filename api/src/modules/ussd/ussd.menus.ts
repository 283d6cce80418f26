// The USSD menus (issue 49, D30, decision 045). Africa's Talking posts every answer of the session so far,
// joined by '*', at each step; the menus are replayed from that path, so no session state is kept between
// steps: a session that times out has left nothing half-done. What changes anything (a text, a cancellation,
// a confirmation) happens only on the step that asks for it, once per session (ussd_actions), and only when
// that step is the last answer: a replay never repeats it. '00' goes back and '0' to the main menu from
// every screen; a typing error redraws the screen with a short note. Every screen fits 182 characters.
import { formatLagosDate, formatLagosTime } from '@ilera/contracts';
import { emit, type Sql } from '@ilera/db';
import type { RegisterWards, SearchEngine } from '@ilera/search';
import { smsWhen, toGsm7 } from '@ilera/workers/channels/texts';
import { textRefusal } from '@ilera/workers/channels/processor';
import { loadSessionUser } from '../../plugins/session';
import { changeStatus } from '../appointments/appointments.service';
import { nearestHospitals, type NearbyHospital, type Whereabouts } from '../emergency/emergency.service';
import { handleReply } from '../notify/notify.service';
import { careDetails, careKinds, findPlace, km, nearCare, PAGE_SIZE, shortPhone, type CareKind, type CarePage } from './care-near';
import { accountOfPhone, checkPin, nextAppointments, type UssdAccount, type UssdAppointment } from './ussd.account';

/** The most a USSD screen shows (Africa's Talking's documented limit). */
export const SCREEN_MAX = 182;
const FOOTER = '00 Back 0 Menu';
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
  | { kind: 'help' };

type Outcome = { push: Screen } | { end: string } | { retry: string };

const cut = (s: string, n: number) => (s.length <= n ? s : `${s.slice(0, Math.max(1, n - 1)).trimEnd()}.`);

/** The longest version of a screen that fits in `room` characters: the longest names shortened until it does. */
function fit(build: (nameMax: number) => string, room = SCREEN_MAX): string {
  for (let n = 60; n > 3; n--) {
    const text = build(n);
    if (text.length <= room) return text;
  }
  return build(3).slice(0, room);
}

const plain = (s: string) => toGsm7(s).replace(/\s+/g, ' ').trim();
const shortWhen = (d: Date) => `${formatLagosDate(d).replace(/ \d{4}$/, '')} ${formatLagosTime(d)}`;

export async function answerUssd(deps: UssdDeps, step: UssdStep): Promise<UssdAnswer> {
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
  /** Records a once-per-session action; false when it was done already. */
  const first = async (action: string) =>
    (await deps.sql`INSERT INTO ussd_actions (session_id, action) VALUES (${step.sessionId}, ${action}) ON CONFLICT DO NOTHING RETURNING 1`).length > 0;
  const done = async (action: string) =>
    (await deps.sql`SELECT 1 FROM ussd_actions WHERE session_id = ${step.sessionId} AND action = ${action}`).length > 0;
  // Texts asked for on USSD go as every text does (STOP and the daily cap hold: the texts worker); the PIN's
  // notice answers the person's own action, as the answer to a STOP does ('reply').
  const sendText = (body: string, kind: 'ussd' | 'reply' = 'ussd') => emit(deps.sql, 'text.send', { to: step.phone, body, channel: 'sms', kind });
  // Asked before a text is promised: the texts worker would drop it after a STOP or past the daily cap.
  const refusal = async () => {
    const refused = await textRefusal(deps.sql, step.phone, now);
    return refused === 'opted-out' ? STOPPED : refused === 'capped' ? CAPPED : null;
  };
  const STOPPED = 'This phone has stopped Ilera texts. Choose 4 then 2 to start them again.';
  const CAPPED = 'This phone has had all its Ilera texts for today. Please try again tomorrow. In an emergency call 112.';

  /** Draws a screen in `room` characters (less than a whole screen when a note goes above it). */
  async function draw(s: Screen, room = SCREEN_MAX): Promise<string> {
    const fitted = (build: (nameMax: number) => string) => fit(build, room);
    switch (s.kind) {
      case 'main':
        return 'Ilera health\n1 Emergency\n2 Find care near a place\n3 My appointments\n4 Help and stop texts';
      case 'emergency-place':
        return `EMERGENCY: CALL 112 FIRST.\nType your town, LGA or ward for the 3 nearest hospitals:\n${FOOTER}`;
      case 'emergency-list': {
        const list = await emergencyList(s.at);
        if (!list.length) return `No hospital known near ${cut(plain(s.at.label), 30)}. Call 112.\n${FOOTER}`;
        // What does not depend on the names' room is made once, not at each try of fit().
        const head = `Call 112 first. Near ${cut(plain(s.at.label), 20)}:`;
        const rows = list.map((h) => ({ name: plain(h.name), rest: `${km(h.distanceKm)} ${shortPhone(h.phone)}` }));
        return fitted((n) => [head, ...rows.map((h) => `${cut(h.name, n)} ${h.rest}`.trim()), '1 Text me these', FOOTER].join('\n'));
      }
      case 'care-kind':
        return `Find care:\n1 Hospital or clinic\n2 Pharmacy\n3 Laboratory\n4 Doctor\n${FOOTER}`;
      case 'care-doctor':
        return `Which doctor?\n1 Family doctor\n2 Children\n3 Women (O&G)\n4 Dentist\n5 Eye doctor\n${FOOTER}`;
      case 'care-place':
        return `${careKinds[s.what].label}: type the town, LGA or ward:\n${FOOTER}`;
      case 'care-list': {
        const page = await carePage(s.what, s.at, s.page);
        const label = careKinds[s.what].label;
        if (!page.items.length) return `No ${label.toLowerCase()} known within 100km of ${cut(plain(s.at.label), 30)}.\n${FOOTER}`;
        const from = (s.page - 1) * PAGE_SIZE + 1;
        const more = from - 1 + page.items.length < page.found;
        const head = `${label} near ${cut(plain(s.at.label), 16)}, ${from}-${from + page.items.length - 1} of ${page.found}. Pick one for SMS:`;
        const names = page.items.map((c) => plain(c.name));
        return fitted((n) =>
          [
            head,
            ...page.items.map((c, i) => `${i + 1} ${cut(names[i]!, n)} ${km(c.distanceKm)}`),
            ...(more ? [`${MORE} More`] : []),
            FOOTER,
          ].join('\n'),
        );
      }
      case 'appointments': {
        const a = await account();
        if (!a) return `No Ilera account has this phone's number with a USSD PIN. Set one in Account settings at ${deps.appUrl.replace(/^https?:\/\//, '')}\n${FOOTER}`;
        if (a.lockedUntil && a.lockedUntil > now) return `Your USSD PIN is locked after 5 wrong tries, until ${shortWhen(a.lockedUntil)}.\n${FOOTER}`;
        return `Enter your 4-digit USSD PIN:\n${FOOTER}`;
      }
      case 'appointment-list': {
        const list = await appointments(s.account);
        if (!list.length) return `You have no upcoming appointments.\n${FOOTER}`;
        const rows = list.map((a) => ({ when: shortWhen(a.appointmentDate), name: plain(a.providerName), status: a.status }));
        return fitted((n) => ['Your next appointments:', ...rows.map((a, i) => `${i + 1} ${a.when} ${cut(a.name, n)} (${a.status})`), FOOTER].join('\n'));
      }
      case 'appointment': {
        const a = s.appointment;
        const action = a.asProvider ? (a.status === 'pending' ? '1 Confirm it' : '') : '1 Cancel it';
        const when = smsWhen(a.appointmentDate);
        const name = plain(a.providerName);
        return fitted((n) => [`${when}, ${cut(name, n)}, ${a.status}.`, action, FOOTER].filter(Boolean).join('\n'));
      }
      case 'help':
        return `Text HOSPITAL, CLINIC, PHARMACY or LAB and a place${deps.smsNumber ? ` to ${deps.smsNumber}` : ''}, e.g. PHARMACY 24 WUSE.\n1 Stop texts\n2 Start texts again\n${FOOTER}`;
    }
  }

  /** What an answer on screen `s` does; `last`: it is the step being answered now (else a replay). */
  async function answer(s: Screen, a: string, index: number, last: boolean): Promise<Outcome> {
    const choice = /^\d{1,2}$/.test(a) ? Number(a) : NaN;
    switch (s.kind) {
      case 'main': {
        const next: Screen | undefined = [undefined, { kind: 'emergency-place' }, { kind: 'care-kind' }, { kind: 'appointments' }, { kind: 'help' }][choice] as Screen | undefined;
        return next ? { push: next } : { retry: 'Choose 1 to 4.' };
      }
      case 'emergency-place':
      case 'care-place': {
        if (!/\p{L}/u.test(a)) return { retry: 'Type a place name.' };
        const at = await place(a);
        if (!at) return { retry: `We do not know "${cut(plain(a), 20)}". Try again.` };
        return { push: s.kind === 'emergency-place' ? { kind: 'emergency-list', at } : { kind: 'care-list', what: s.what, at, page: 1 } };
      }
      case 'emergency-list': {
        const list = await emergencyList(s.at);
        if (choice !== 1 || !list.length) return { retry: 'Choose 1, or 00 or 0.' };
        const refused = await refusal();
        if (refused) return { end: refused };
        if (last && (await first(`sms:${index}`))) await sendText(emergencyText(s.at, list));
        return { end: 'We are texting you these hospitals. In an emergency call 112.' };
      }
      case 'care-kind': {
        const kinds: (CareKind | 'doctor')[] = ['hospital', 'pharmacy', 'lab', 'doctor'];
        const k = kinds[choice - 1];
        if (!k) return { retry: 'Choose 1 to 4.' };
        return { push: k === 'doctor' ? { kind: 'care-doctor' } : { kind: 'care-place', what: k } };
      }
      case 'care-doctor': {
        const k = (['gp', 'children', 'women', 'dentist', 'eye'] as CareKind[])[choice - 1];
        return k ? { push: { kind: 'care-place', what: k } } : { retry: 'Choose 1 to 5.' };
      }
      case 'care-list': {
        const page: CarePage = await carePage(s.what, s.at, s.page);
        if (a === MORE && s.page * PAGE_SIZE < page.found) return { push: { ...s, page: s.page + 1 } };
        const item = page.items[choice - 1];
        if (!item) return { retry: `Choose 1 to ${page.items.length || 1}.` };
        const refused = await refusal();
        if (refused) return { end: refused };
        if (last && (await first(`care:${index}`))) await sendText(await careDetails(deps.sql, item, deps.appUrl, now));
        return { end: `We are texting you the details of ${cut(plain(item.name), 60)}.` };
      }
      case 'appointments': {
        const acc = await account();
        if (!acc || (acc.lockedUntil && acc.lockedUntil > now)) return { retry: 'Choose 00 or 0.' };
        if (!/^\d{4}$/.test(a)) return { retry: 'The PIN is 4 digits.' };
        if (await done(`pin:${index}`)) return { push: { kind: 'appointment-list', account: acc } };
        // A wrong PIN is counted once, on its own step; a replay of it just redraws.
        if (!last) return { retry: 'Wrong PIN.' };
        const check = await checkPin(deps.sql, acc, a, now);
        if (!check.ok) {
          memo.set('account', Promise.resolve({ ...acc, lockedUntil: check.lockedUntil }));
          return { retry: check.lockedUntil ? 'Wrong PIN.' : `Wrong PIN. ${check.triesLeft} tries left.` };
        }
        if (await first(`pin:${index}`)) {
          await sendText(`Ilera: your USSD PIN was used on ${smsWhen(now)}. Not you? Change it in Account settings: ${deps.appUrl}/account`, 'reply');
        }
        return { push: { kind: 'appointment-list', account: { ...acc, failures: 0, lockedUntil: null } } };
      }
      case 'appointment-list': {
        const list = await appointments(s.account);
        const appointment = list[choice - 1];
        return appointment ? { push: { kind: 'appointment', account: s.account, appointment } } : { retry: `Choose 1 to ${list.length || 1}.` };
      }
      case 'appointment': {
        const ap = s.appointment;
        const to = ap.asProvider ? (ap.status === 'pending' ? 'confirmed' : null) : 'cancelled';
        if (choice !== 1 || !to) return { retry: 'Choose 1, or 00 or 0.' };
        const said = to === 'cancelled' ? `Cancelled: ${smsWhen(ap.appointmentDate)}. The time is free for others now.` : `Confirmed: ${smsWhen(ap.appointmentDate)}. We will tell the patient.`;
        if (!last || !(await first(`${to}:${ap.id}`))) return { end: said };
        const user = await loadSessionUser(deps.sql, s.account.id);
        try {
          if (!user) throw new Error('no user');
          await changeStatus(deps.sql, user, ap.id, to, () => now);
        } catch {
          return { end: 'This appointment can no longer be changed. See it on the website.' };
        }
        return { end: said };
      }
      case 'help': {
        if (choice !== 1 && choice !== 2) return { retry: 'Choose 1 or 2.' };
        if (last && (await first(`texts:${index}`))) await handleReply(deps.sql, step.phone, choice === 1 ? 'STOP' : 'START', 'sms', deps.appUrl, now);
        return { end: choice === 1 ? 'Ilera will send no more texts to this phone. Choose 4 then 2 to start them again.' : 'Texts from Ilera are on again for this phone.' };
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
      if ('end' in out) return { end: true, text: cut(out.end, SCREEN_MAX), screen: `${top.kind}:end` };
      if ('push' in out) stack.push(out.push);
      else note = out.retry;
    }
  }
  const top = stack[stack.length - 1]!;
  const body = await draw(top, note ? SCREEN_MAX - note.length - 1 : SCREEN_MAX);
  const text = note ? `${note}\n${body}` : body;
  return { end: false, text: text.slice(0, SCREEN_MAX), screen: note ? `${top.kind}:retry` : top.kind };
}

/** The emergency list as a text: call 112 first, then each hospital's name, distance and phone. */
function emergencyText(at: Whereabouts, list: NearbyHospital[]): string {
  const items = list.map((h) => [toGsm7(h.name), km(h.distanceKm), shortPhone(h.phone)].filter(Boolean).join(', '));
  return `Ilera: in an emergency call 112. Hospitals nearest ${toGsm7(at.label)}: ${items.join('; ')}.`;
}
