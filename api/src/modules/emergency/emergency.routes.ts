import type { FastifyInstance } from 'fastify';
import { renderEmergencyPage, SCRIPT_CSP_SOURCE, yourLocation, type EmergencyView } from './emergency.page';
import { localizedPaths, requestLocale } from '../i18n/locale';
import { locatePlace } from '../institutions/location';
import { nearestHospitals, parseNear } from './emergency.service';

/**
 * GET /emergency (issue 33, D23): "Call 112", then the nearest hospitals to `?near=LAT,LNG` (the
 * device's location, sent by the page's small script) or to `?place=` (typed), server-rendered so
 * that it is usable before, or without, any script. A search engine failure never hides the call
 * button: the page says the list is unavailable.
 * Issue 50: in every language, /ha/emergency, /yo/emergency, /ig/emergency, /pcm/emergency.
 */
export default async function emergencyRoutes(app: FastifyInstance): Promise<void> {
  for (const url of localizedPaths('/emergency')) app.get<{ Querystring: { near?: string; place?: string } }>(url, async (request, reply) => {
    const locale = requestLocale(request);
    const typed = typeof request.query.place === 'string' ? request.query.place.slice(0, 100) : '';
    const point = parseNear(typeof request.query.near === 'string' ? request.query.near : undefined);
    const now = new Date();
    const view: EmergencyView = { hospitals: [] };
    if (point) view.at = { ...point, label: yourLocation(locale), approximate: false };
    else if (typed.trim()) {
      view.at = await locatePlace(app.sql, typed);
      if (!view.at) view.unknownPlace = typed.trim();
    }
    if (view.at) {
      try {
        view.hospitals = await nearestHospitals(app.searchAnswers.view(), app.sql, view.at, now);
      } catch (error) {
        request.log.warn({ err: error }, 'emergency: hospital search failed');
        view.unavailable = true;
      }
    }
    // The app's policy (helmet, app.ts) runs no inline script; this page's one script is allowed by its hash.
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') reply.header('content-security-policy', policy.replace(/script-src ([^;]*)/, `script-src $1 ${SCRIPT_CSP_SOURCE}`));
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      // A location's answer may be kept a minute; the bare page (call button, form) an hour.
      .header('cache-control', view.at ? 'private, max-age=60' : 'public, max-age=3600')
      .send(renderEmergencyPage(view, typed, app.config.appUrl, now, locale));
  });
}
