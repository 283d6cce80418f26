// /emergency (issue 33, D23) as one small HTML document: it must work on a cheap phone over 2G
// in the worst minute of someone's life, so it carries no framework, no web font and no map
// library; its style is inline and its one script (asking the device for its location) is a
// progressive addition: a typed place works with scripts off.
import { createHash } from 'node:crypto';
import { careWeekdays, careWeekdayLabels, isCareStale } from '@ilera/contracts';
import type { EmergencyCare, NearbyHospital, Whereabouts } from './emergency.service';

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
const SCRIPT = `(function(){var b=document.getElementById('locate'),s=document.getElementById('locate-status');if(!b||!navigator.geolocation)return;b.hidden=false;b.onclick=function(){s.textContent='Finding your location…';navigator.geolocation.getCurrentPosition(function(p){location.href='/emergency?near='+p.coords.latitude.toFixed(5)+','+p.coords.longitude.toFixed(5)},function(){s.textContent='Your location is not available. Type a place instead.'},{enableHighAccuracy:true,timeout:15000,maximumAge:60000})}})();`;

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

/** "confirmed Mar 2026" (WAT), with its age when past 12 months: how fresh a published fact is. */
function confirmed(iso: string | null, now: Date): string {
  if (!iso) return '';
  const wat = new Date(new Date(iso).getTime() + 3_600_000);
  const when = `confirmed ${MONTHS[wat.getUTCMonth()]} ${wat.getUTCFullYear()}`;
  return isCareStale(iso, now) ? `${when}, over a year ago` : when;
}

/** An ISO time in WAT ('2026-11-30T08:00:00+01:00') as "08:00", or "Mon 08:00" when it is not today. */
function watTime(iso: string, now: Date): string {
  const today = new Date(now.getTime() + 3_600_000).toISOString().slice(0, 10);
  const day = iso.slice(0, 10);
  if (day === today) return iso.slice(11, 16);
  const weekday = careWeekdays[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7]!;
  return `${careWeekdayLabels[weekday].slice(0, 3)} ${iso.slice(11, 16)}`;
}

/** Issue 45: 24-hour emergency, open or closed now, and the readiness services, each with how fresh it is. */
function careLines(c: EmergencyCare | undefined, now: Date): string {
  if (!c) return '';
  const hoursAge = c.hoursConfirmedAt ? ` <span class="note">(hours ${confirmed(c.hoursConfirmedAt, now)})</span>` : '';
  let state = '';
  if (c.emergency24h) state = `<span class="h24">24-hour emergency</span>${hoursAge}`;
  else if (c.openNow === true) state = `<span class="open">Open now</span>${c.closesAt ? ` · closes ${watTime(c.closesAt, now)}` : ''}${hoursAge}`;
  else if (c.openNow === false) state = `<span class="shut">Closed now</span>${c.opensAt ? ` · opens ${watTime(c.opensAt, now)}` : ''}${hoursAge}`;
  const ready = c.readiness.length
    ? `<p>Ready for: ${c.readiness.map(escapeHtml).join(', ')}${c.servicesConfirmedAt ? ` <span class="note">(${confirmed(c.servicesConfirmedAt, now)})</span>` : ''}</p>`
    : '';
  return (state ? `<p>${state}</p>` : '') + ready;
}

function hospitalItem(h: NearbyHospital, from: Whereabouts, now: Date): string {
  const where = [h.city, h.lga, h.state].filter((v, i, a) => v && a.indexOf(v) === i).join(', ');
  const acts = [
    h.phone ? `<a class="tel" href="${escapeHtml(telHref(h.phone))}">Call ${escapeHtml(h.phone)}</a>` : '',
    `<a href="${escapeHtml(directionsUrl(from, h))}" rel="noopener">Directions</a>`,
    `<a href="geo:${coords(h)}">Open in maps</a>`,
    `<a href="/institution/${encodeURIComponent(h.id)}">Details</a>`,
  ].join('');
  return `<li><h3>${escapeHtml(h.name)}</h3><p><span class="dist">${h.distanceKm.toFixed(1)} km</span> · ${escapeHtml(h.typeLabel)}${where ? ` · ${escapeHtml(where)}` : ''}</p>${careLines(h.care, now)}${h.phone ? '' : '<p class="note">No phone number on record.</p>'}<div class="acts">${acts}</div></li>`;
}

export function renderEmergencyPage(view: EmergencyView, typed: string, appUrl: string, now: Date = new Date()): string {
  const parts: string[] = [];
  parts.push(
    `<h1>Emergency</h1><a class="call" href="tel:112">Call 112</a><p class="note">112 is Nigeria's emergency number: free from any phone, even without credit.</p>`,
  );
  if (view.at) {
    const approx = view.at.approximate ? ' (approximate)' : '';
    parts.push(
      `<h2>Nearest hospitals</h2><p class="note">Near ${escapeHtml(view.at.label)}${approx}. 24-hour emergencies first, then those open now. Distances are in a straight line.</p>`,
    );
    if (view.unavailable) {
      parts.push('<p>The hospital list is not available right now. Call 112, or try again in a minute.</p>');
    } else if (view.hospitals.length === 0) {
      parts.push('<p>No hospital with a known location was found within 500 km.</p>');
    } else {
      parts.push(`<ol>${view.hospitals.map((h) => hospitalItem(h, view.at!, now)).join('')}</ol>`);
    }
  }
  parts.push(`<h2>${view.at ? 'Somewhere else?' : 'Find the nearest hospitals'}</h2>`);
  parts.push('<button id="locate" type="button" hidden>Use my location</button><p id="locate-status" class="note" role="status"></p>');
  if (view.unknownPlace) parts.push(`<p>We could not find “${escapeHtml(view.unknownPlace)}”. Try a town, LGA or state.</p>`);
  parts.push(
    `<form method="get" action="/emergency"><label for="place" class="note" style="flex-basis:100%">Or type a place (town, LGA, area or state)</label><input id="place" name="place" value="${escapeHtml(typed)}" autocomplete="address-level2" placeholder="e.g. Yaba, Kano, Wuse"><button type="submit">Find hospitals</button></form>`,
  );

  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Emergency: call 112 and find the nearest hospital | Ilera</title><meta name="description" content="Call 112, Nigeria's emergency number, and find the nearest hospitals with distance, phone and directions."><link rel="canonical" href="${escapeHtml(appUrl)}/emergency"><style>${STYLE}</style></head><body><header><a href="/">Ilera</a><a href="/search" style="font-size:15px;font-weight:600">Search</a></header><main>${parts.join('')}</main><footer>Facility locations: Ilera providers and the Nigeria Health Facility Registry (GRID3, CC BY 4.0).</footer><script>${SCRIPT}</script></body></html>`;
}
