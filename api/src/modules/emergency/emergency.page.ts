// /emergency (issue 33, D23) as one small HTML document: it must work on a cheap phone over 2G
// in the worst minute of someone's life, so it carries no framework, no web font and no map
// library; its style is inline and its one script (asking the device for its location) is a
// progressive addition: a typed place works with scripts off.
import { createHash } from 'node:crypto';
import { careWeekdays, careWeekdayLabels, isCareStale } from '@ilera/contracts';
import { DEFAULT_LOCALE, localePath, type Locale } from '@ilera/contracts/locales';
import type { EmergencyCare, NearbyHospital, Whereabouts } from './emergency.service';
import { emergencyI18n, type EmergencyMessageId } from './emergency.messages';
import { alternateLinks } from '../i18n/locale';

const escapeHtml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Phone numbers as typed ("0803 123 4567"); the tel: link keeps the digits and a leading +. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

const coords = (p: { lat: number; lng: number }) => `${p.lat.toFixed(5)},${p.lng.toFixed(5)}`;

/** OpenStreetMap's directions from the patient to the facility (no key, no script on our page). */
export function directionsUrl(from: { lat: number; lng: number } | undefined, to: { lat: number; lng: number }): string {
  const route = `${from ? coords(from) : ''};${coords(to)}`;
  return `https://www.openstreetmap.org/directions?engine=fossgis_osrm_car&route=${encodeURIComponent(route)}`;
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Arial,sans-serif;color:#212529;background:#fff;line-height:1.45}
header{display:flex;justify-content:space-between;align-items:center;padding:10px 16px;border-bottom:1px solid #dee2e6}
header a{color:#066649;font-weight:800;font-size:22px;text-decoration:none}
main{max-width:640px;margin:0 auto;padding:16px}
h1{font-size:24px;margin:0 0 12px}h2{font-size:19px;margin:24px 0 8px}
.call{display:block;text-align:center;background:#c92a2a;color:#fff;font-size:26px;font-weight:800;padding:18px;border-radius:12px;text-decoration:none}
.note{color:#646b73;font-size:14px;margin:6px 0 0}
form{display:flex;gap:8px;flex-wrap:wrap;margin-top:8px}
input{flex:1 1 180px;font-size:16px;padding:10px;border:1px solid #adb5bd;border-radius:8px}
button{font-size:16px;padding:10px 14px;border-radius:8px;border:0;background:#066649;color:#fff;font-weight:600}
ol{list-style:none;padding:0;margin:0}li{border:1px solid #dee2e6;border-radius:10px;padding:12px;margin:0 0 10px}
li h3{font-size:17px;margin:0}li p{margin:4px 0}.dist{font-weight:700;color:#066649}
.acts{display:flex;gap:8px;flex-wrap:wrap;margin-top:8px}.acts a{padding:8px 12px;border:1px solid #066649;border-radius:8px;color:#066649;text-decoration:none;font-weight:600}
.acts a.tel{background:#066649;color:#fff}
.h24{color:#fff;background:#c92a2a;border-radius:6px;padding:1px 6px;font-weight:700;font-size:14px}.open{color:#066649;font-weight:700}.shut{color:#c92a2a;font-weight:700}
footer{color:#646b73;font-size:13px;padding:16px;text-align:center}
`.replace(/\n/g, '');

// Asks the device once, then loads the server-rendered answer for that point; on refusal the
// typed-place form (already on the page) is the way.
// Its words are the page's (data-finding, data-failed: issue 50), so one script, one hash, serves every language.
const SCRIPT = `(function(){var b=document.getElementById('locate'),s=document.getElementById('locate-status');if(!b||!navigator.geolocation)return;b.hidden=false;b.onclick=function(){s.textContent=b.getAttribute('data-finding');navigator.geolocation.getCurrentPosition(function(p){location.href=location.pathname+'?near='+p.coords.latitude.toFixed(5)+','+p.coords.longitude.toFixed(5)},function(){s.textContent=b.getAttribute('data-failed')},{enableHighAccuracy:true,timeout:15000,maximumAge:60000})}})();`;

/** The CSP source that lets this one inline script run (the app's policy allows no other inline script). */
export const SCRIPT_CSP_SOURCE = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;

export interface EmergencyView {
  at?: Whereabouts;
  /** A typed place we could not find. */
  unknownPlace?: string;
  /** Set when the search engine could not answer: the call button still works. */
  unavailable?: boolean;
  hospitals: NearbyHospital[];
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The page's words in its language (issue 50): `t('call')`; English is the page's text as it was. */
interface Words {
  locale: Locale;
  t: (id: EmergencyMessageId, values?: Record<string, string>) => string;
  /** As t, for values that are HTML already (escaped by t). */
  html: (id: EmergencyMessageId, values: Record<string, string>) => string;
  /** An address of the site in the page's language. */
  href: (path: string) => string;
}

function wordsFor(locale: Locale): Words {
  const i18n = emergencyI18n(locale);
  // The messages are ours (HTML-safe, no double quote); what goes into them is escaped.
  const escaped = (values: Record<string, string> = {}) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, escapeHtml(v)]));
  return { locale, t: (id, values) => i18n._(id, escaped(values)), html: (id, values) => i18n._(id, values), href: (path) => localePath(locale, path) };
}

const WAT = 'Africa/Lagos';

/** "Mar 2026" in WAT (English as before; another language by its CLDR names through Intl). */
function monthYear(iso: string, w: Words): string {
  if (w.locale === DEFAULT_LOCALE) {
    const wat = new Date(new Date(iso).getTime() + 3_600_000);
    return `${MONTHS[wat.getUTCMonth()]} ${wat.getUTCFullYear()}`;
  }
  return new Intl.DateTimeFormat(w.locale, { month: 'short', year: 'numeric', timeZone: WAT }).format(new Date(iso));
}

/** "confirmed Mar 2026" (WAT), with its age when past 12 months: how fresh a published fact is. */
function confirmed(iso: string | null, now: Date, w: Words): string {
  if (!iso) return '';
  const month = monthYear(iso, w);
  return isCareStale(iso, now) ? w.t('confirmedOld', { month }) : w.t('confirmed', { month });
}

/** An ISO time in WAT ('2026-11-30T08:00:00+01:00') as "08:00", or "Mon 08:00" when it is not today. */
function watTime(iso: string, now: Date, w: Words): string {
  const today = new Date(now.getTime() + 3_600_000).toISOString().slice(0, 10);
  const day = iso.slice(0, 10);
  if (day === today) return iso.slice(11, 16);
  const weekday =
    w.locale === DEFAULT_LOCALE
      ? careWeekdayLabels[careWeekdays[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7]!].slice(0, 3)
      : new Intl.DateTimeFormat(w.locale, { weekday: 'short', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
  return `${weekday} ${iso.slice(11, 16)}`;
}

/** Issue 45: 24-hour emergency, open or closed now, and the readiness services, each with how fresh it is. */
function careLines(c: EmergencyCare | undefined, now: Date, w: Words): string {
  if (!c) return '';
  const hoursAge = c.hoursConfirmedAt ? ` <span class="note">(${w.html('hoursConfirmed', { confirmed: confirmed(c.hoursConfirmedAt, now, w) })})</span>` : '';
  let state = '';
  if (c.emergency24h) state = `<span class="h24">${w.t('emergency24h')}</span>${hoursAge}`;
  else if (c.openNow === true) state = `<span class="open">${w.t('openNow')}</span>${c.closesAt ? ` · ${w.t('closes', { time: watTime(c.closesAt, now, w) })}` : ''}${hoursAge}`;
  else if (c.openNow === false) state = `<span class="shut">${w.t('closedNow')}</span>${c.opensAt ? ` · ${w.t('opens', { time: watTime(c.opensAt, now, w) })}` : ''}${hoursAge}`;
  const ready = c.readiness.length
    ? `<p>${w.t('readyFor', { services: c.readiness.join(', ') })}${c.servicesConfirmedAt ? ` <span class="note">(${confirmed(c.servicesConfirmedAt, now, w)})</span>` : ''}</p>`
    : '';
  return (state ? `<p>${state}</p>` : '') + ready;
}

/** "1.2" km: English as before; another language with its own decimal sign (Intl, CLDR). */
const kmText = (km: number, w: Words) =>
  w.locale === DEFAULT_LOCALE ? km.toFixed(1) : new Intl.NumberFormat(w.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(km);

function hospitalItem(h: NearbyHospital, from: Whereabouts, now: Date, w: Words): string {
  const where = [h.city, h.lga, h.state].filter((v, i, a) => v && a.indexOf(v) === i).join(', ');
  const acts = [
    h.phone ? `<a class="tel" href="${escapeHtml(telHref(h.phone))}">${w.t('callPhone', { phone: h.phone })}</a>` : '',
    `<a href="${escapeHtml(directionsUrl(from, h))}" rel="noopener">${w.t('directions')}</a>`,
    `<a href="geo:${coords(h)}">${w.t('openInMaps')}</a>`,
    `<a href="${escapeHtml(w.href(`/institution/${encodeURIComponent(h.id)}`))}">${w.t('details')}</a>`,
  ].join('');
  return `<li><h3>${escapeHtml(h.name)}</h3><p><span class="dist">${w.t('km', { km: kmText(h.distanceKm, w) })}</span> · ${escapeHtml(h.typeLabel)}${where ? ` · ${escapeHtml(where)}` : ''}</p>${careLines(h.care, now, w)}${h.phone ? '' : `<p class="note">${w.t('noPhone')}</p>`}<div class="acts">${acts}</div></li>`;
}

/** The words for "your location" in a language (the routes label the device's point with it). */
export const yourLocation = (locale: Locale): string => emergencyI18n(locale)._('yourLocation');

/**
 * The page in `locale` (issue 50: /ha/emergency, /yo/emergency...; English at /emergency), with
 * its address in every language for search engines.
 */
export function renderEmergencyPage(view: EmergencyView, typed: string, appUrl: string, now: Date = new Date(), locale: Locale = DEFAULT_LOCALE): string {
  const w = wordsFor(locale);
  const parts: string[] = [];
  parts.push(`<h1>${w.t('heading')}</h1><a class="call" href="tel:112">${w.t('call')}</a><p class="note">${w.t('callNote')}</p>`);
  if (view.at) {
    const near = w.t(view.at.approximate ? 'nearApprox' : 'near', { place: view.at.label });
    parts.push(`<h2>${w.t('nearest')}</h2><p class="note">${near} ${w.t('order')}</p>`);
    if (view.unavailable) {
      parts.push(`<p>${w.t('unavailable')}</p>`);
    } else if (view.hospitals.length === 0) {
      parts.push(`<p>${w.t('none', { km: kmText(500, w).replace(/[.,]0$/, '') })}</p>`);
    } else {
      parts.push(`<ol>${view.hospitals.map((h) => hospitalItem(h, view.at!, now, w)).join('')}</ol>`);
    }
  }
  parts.push(`<h2>${view.at ? w.t('elsewhere') : w.t('find')}</h2>`);
  parts.push(
    `<button id="locate" type="button" hidden data-finding="${w.t('finding')}" data-failed="${w.t('noLocation')}">${w.t('useLocation')}</button><p id="locate-status" class="note" role="status"></p>`,
  );
  if (view.unknownPlace) parts.push(`<p>${w.t('unknownPlace', { place: view.unknownPlace })}</p>`);
  parts.push(
    `<form method="get" action="${w.href('/emergency')}"><label for="place" class="note" style="flex-basis:100%">${w.t('placeLabel')}</label><input id="place" name="place" value="${escapeHtml(typed)}" autocomplete="address-level2" placeholder="${w.t('placeholder')}"><button type="submit">${w.t('findHospitals')}</button></form>`,
  );

  const canonical = `${appUrl}${w.href('/emergency')}`;
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${w.t('title')}</title><meta name="description" content="${w.t('description')}"><link rel="canonical" href="${escapeHtml(canonical)}">${alternateLinks(canonical)}<style>${STYLE}</style></head><body><header><a href="${w.href('/')}">Ilera</a><a href="${w.href('/search')}" style="font-size:15px;font-weight:600">${w.t('search')}</a></header><main>${parts.join('')}</main><footer>${w.t('footer')}</footer><script>${SCRIPT}</script></body></html>`;
}
