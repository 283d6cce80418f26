import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';
import { z } from 'zod';
import { toE164 } from '@ilera/contracts';
import { DEFAULT_LOCALE, type Locale } from '@ilera/contracts/locales';
import { toGsm7 } from '@ilera/workers/channels/texts';
import { message, recipientLocale } from '@ilera/workers/messages';
import { verifyPassword } from '@ilera/db/passwords';
import { AppError, BadRequestError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../errors';
import { limitKey, RateLimiter, type Limit } from '../../plugins/rate-limit';
import { guardRoutes, signedIn } from '../../plugins/session';
import { registerWards } from '../search/register-wards';
import { phoneAccount, PIN_MESSAGE, pinStatus, removePin, setPin } from './ussd.account';
import { answerUssd, SCREEN_MAX } from './ussd.menus';
import { answerSmsSearch, type SmsSearch, type SmsSearchOutcome } from './sms-search';

const MINUTE = 60;
/** The USSD and SMS-search limits (docs/RELIABILITY.md, "The limits"): a person's use is far below them. */
export const ussdLimits = {
  /** Steps of one phone's USSD sessions: about a dozen whole sessions an hour. */
  ussdPerPhone: { name: 'ussd-phone', max: 150, windowSeconds: 60 * MINUTE },
  /** Steps of one session: a session is a few steps; a loop is not. */
  ussdPerSession: { name: 'ussd-session', max: 40, windowSeconds: 30 * MINUTE },
  /** Search texts one phone sends (each answered by a text, within the daily text cap too). */
  smsSearchPerPhone: { name: 'sms-search-phone', max: 10, windowSeconds: 60 * MINUTE },
} satisfies Record<string, Limit>;

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.3, 0.5, 1, 2, 5];
const metricsOf = new WeakMap<Registry, { steps: Counter; stepTime: Histogram; searches: Counter; searchTime: Histogram }>();

/** The USSD and SMS-search metrics of a registry (made once: the SMS callback and the USSD route share them). */
export function ussdMetrics(registry: Registry) {
  let m = metricsOf.get(registry);
  if (!m) {
    m = {
      steps: new Counter({ name: 'ilera_ussd_steps_total', help: 'USSD steps answered, by screen drawn (a name fixed in code) and whether the session goes on', labelNames: ['screen', 'session'], registers: [registry] }),
      stepTime: new Histogram({ name: 'ilera_ussd_step_duration_seconds', help: 'Time to answer one USSD step (the carrier adds its own round trip)', buckets: BUCKETS, registers: [registry] }),
      searches: new Counter({ name: 'ilera_sms_searches_total', help: 'Search texts answered, by outcome', labelNames: ['outcome'], registers: [registry] }),
      searchTime: new Histogram({ name: 'ilera_sms_search_duration_seconds', help: 'Time to read a search text and queue its answer', buckets: BUCKETS, registers: [registry] }),
    };
    metricsOf.set(registry, m);
  }
  return m;
}

/**
 * Answers a search text (called by the SMS reply callback, notify.routes.ts): counted per phone, timed.
 * Over the limit the text is not answered ('limited').
 */
export async function smsSearchFor(app: FastifyInstance, phone: string, search: SmsSearch): Promise<SmsSearchOutcome | 'limited'> {
  const m = ussdMetrics(app.metrics);
  const end = m.searchTime.startTimer();
  let outcome: SmsSearchOutcome | 'limited';
  try {
    await new RateLimiter(app.redis, app.config.redisPrefix, app.log).consume([[ussdLimits.smsSearchPerPhone, limitKey('user', `sms-${phone}`)]]);
    const wards = await registerWards(app.sql).current();
    outcome = await answerSmsSearch({ sql: app.sql, engine: app.searchAnswers.view(), wards, appUrl: app.config.appUrl }, phone, search);
  } catch (err) {
    if (!(err instanceof AppError && err.statusCode === 429)) throw err;
    outcome = 'limited';
  }
  end();
  m.searches.inc({ outcome });
  return outcome;
}

/**
 * Africa's Talking's USSD callback (issue 49, decision 045): form-encoded sessionId, serviceCode,
 * phoneNumber, networkCode and text (the session's answers joined by '*'); the answer is text/plain,
 * 'CON ' and a screen (the session goes on) or 'END ' and a last screen. Off (404) without
 * USSD_CALLBACK_SECRET; the URL carries it (?secret=), as the SMS callbacks do. With
 * USSD_SOURCE_ADDRESSES, other addresses get 403. Logs and metrics name the screen, never the answers
 * (a PIN is one) nor the number.
 */
const ussdRoutes: FastifyPluginAsync = async (app) => {
  const { texts, appUrl } = app.config;
  /** Steps that came while the API sheds load (plugins/load-shedding.ts): answered with a last screen, not a 503. */
  const shed = new WeakSet<object>();
  /**
   * The language of the phone's account (English when none, or when the lookup fails or takes longer than
   * 300 ms: a last screen must still be said), for the screens drawn before or instead of the menus.
   */
  const localeOf = (phone: string): Promise<Locale> =>
    Promise.race([
      phoneAccount(app.sql, phone).then((o) => recipientLocale(o.language)),
      new Promise<Locale>((resolve) => setTimeout(resolve, 300, DEFAULT_LOCALE).unref()),
    ]).catch(() => DEFAULT_LOCALE);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => done(null, body));
  const limiter = new RateLimiter(app.redis, app.config.redisPrefix, app.log);
  const wards = registerWards(app.sql);
  const metrics = ussdMetrics(app.metrics);

  // Under load the step is let through to say so on the phone (a 503 would end the session without a word).
  const config = { pressureHandler: (request: object) => void shed.add(request) };
  app.post('/api/ussd/africastalking', { config }, async (request, reply) => {
    const secret = texts.ussdCallbackSecret;
    if (!secret) throw new NotFoundError('Not found');
    const given = (request.query as { secret?: string }).secret;
    if (typeof given !== 'string' || !same(given, secret)) throw new UnauthorizedError();
    if (texts.ussdSourceAddresses?.length && !texts.ussdSourceAddresses.includes(request.ip)) throw new ForbiddenError();
    const end = metrics.stepTime.startTimer();
    const form = new URLSearchParams(String(request.body ?? ''));
    const sessionId = (form.get('sessionId') ?? '').slice(0, 100);
    const phone = toE164(form.get('phoneNumber'));
    const said = (body: string, screen: string, goesOn = false) => {
      end();
      metrics.steps.inc({ screen, session: goesOn ? 'continues' : 'ends' });
      request.log.info({ ussd: screen, step: answers.length }, 'ussd step');
      return reply.type('text/plain; charset=utf-8').send(`${goesOn ? 'CON' : 'END'} ${body}`);
    };
    const raw = form.get('text') ?? '';
    const answers = raw === '' ? [] : raw.split('*').slice(0, 40);
    // No number: no account to know a language from.
    if (!sessionId || !phone) return said('Sorry, Ilera cannot answer this phone number.', 'refused');
    const session = { locale: DEFAULT_LOCALE as Locale };
    const last = (id: 'ussd.limited' | 'ussd.failed' | 'ussd.busy') => toGsm7(message(session.locale, id));
    if (shed.has(request)) {
      session.locale = await localeOf(phone);
      return said(last('ussd.busy'), 'busy');
    }
    try {
      await limiter.consume([
        [ussdLimits.ussdPerPhone, limitKey('user', `ussd-${phone}`)],
        [ussdLimits.ussdPerSession, limitKey('user', `ussd-s-${sessionId}`)],
      ]);
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 429) {
        session.locale = await localeOf(phone);
        return said(last('ussd.limited'), 'limited');
      }
      throw err;
    }
    try {
      const out = await answerUssd(
        { sql: app.sql, engine: app.searchAnswers.view(), wards: await wards.current(), appUrl, smsNumber: texts.smsShortcode },
        { sessionId, phone, answers },
        session,
      );
      return said(out.text.slice(0, SCREEN_MAX), out.screen, !out.end);
    } catch (err) {
      request.log.warn({ err }, 'ussd: step failed');
      return said(last('ussd.failed'), 'failed');
    }
  });
};

/** Account settings' USSD PIN (issue 49): set (with the account's password), see whether it is set, remove. */
export const ussdPinRoutes: FastifyPluginAsync = async (app) => {
  guardRoutes(app, 'user');
  const limiter = new RateLimiter(app.redis, app.config.redisPrefix);
  const body = z.object({
    pin: z.string({ required_error: PIN_MESSAGE, invalid_type_error: PIN_MESSAGE }).regex(/^\d{4}$/, PIN_MESSAGE),
    password: z.string({ required_error: 'Enter your password.' }).min(1, 'Enter your password.').max(200),
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get('/api/account/ussd-pin', async (request) => pinStatus(app.sql, signedIn(request).id));

  app.put('/api/account/ussd-pin', async (request) => {
    const user = signedIn(request);
    const parsed = body.safeParse(request.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new BadRequestError(issue.message, { [String(issue.path[0] ?? 'pin')]: issue.message });
    }
    // Guessing the password through this form is limited as a password change is.
    await limiter.consume([[{ name: 'ussd-pin-user', max: 10, windowSeconds: 15 * MINUTE }, limitKey('user', user.id)]]);
    const [row] = await app.sql<{ passwordHash: string | null }[]>`SELECT password_hash FROM user_passwords WHERE user_id = ${user.id}`;
    if (!row?.passwordHash || !(await verifyPassword(row.passwordHash, parsed.data.password))) {
      throw new BadRequestError('That password is not right.', { password: 'That password is not right.' });
    }
    const set = await setPin(app.sql, user.id, parsed.data.pin);
    if (!set) {
      const why = 'Add your mobile number (Texts, above) before setting a USSD PIN.';
      throw new BadRequestError(why, { pin: why });
    }
    return pinStatus(app.sql, user.id);
  });

  app.delete('/api/account/ussd-pin', async (request) => {
    const user = signedIn(request);
    await removePin(app.sql, user.id);
    return pinStatus(app.sql, user.id);
  });
};

export default ussdRoutes;
