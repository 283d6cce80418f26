// The national facility register's listings and their claims (issue 33, PRODUCT.md D22, D23):
// what a listing's page says, and where a location may lie. Pure: the API, the server-rendered
// page and the web app say the same words.

/** The register a listing came from, with its licence (GRID3 publishes the NHFR under CC BY 4.0). */
export const REGISTER_SOURCE = 'Nigeria Health Facility Registry via GRID3 (CC BY 4.0)';
export const LISTED_FROM_REGISTER = 'Listed from the national register';
export const NOT_ON_ILERA = 'Not on Ilera yet: call or visit';
export const CLAIM_THIS_FACILITY = 'Claim this facility';
export const NOT_IN_LATEST_REGISTER = 'Not in the latest register';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'YYYY-MM-DD' as '11 Nov 2024' (a calendar date: no time zone involved). */
export function registerDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return `${d} ${MONTHS[(m ?? 1) - 1]} ${y}`;
}

/** "Source: Nigeria Health Facility Registry via GRID3 (CC BY 4.0), updated 11 Nov 2024". */
export function registerSourceLine(updatedOn: string | null | undefined): string {
  return `Source: ${REGISTER_SOURCE}${updatedOn ? `, updated ${registerDate(updatedOn)}` : ''}`;
}

/**
 * Nigeria's bounding box (its extreme points are about 4.27-13.89 N and 2.67-14.68 E), a little
 * wide: a location outside it is not in Nigeria.
 */
export const NIGERIA_BOUNDS = { minLat: 4, maxLat: 14, minLng: 2.5, maxLng: 15 } as const;

/** OpenStreetMap directions to a point, and the geo: URI a phone's map app opens (RFC 5870). */
export const directionsUrl = (lat: number, lng: number) => `https://www.openstreetmap.org/directions?to=${lat}%2C${lng}`;
export const geoUri = (lat: number, lng: number, label?: string) => `geo:${lat},${lng}${label ? `?q=${lat},${lng}(${encodeURIComponent(label)})` : ''}`;
