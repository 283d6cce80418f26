// Distances as Typesense 27.1 gives them in a hit's `geo_distance_meters` (issue 46): GeoPoint::distance
// (include/field.h at v27.1, lines 559-583), on the points as its index holds them.

/**
 * A document without the geopoint, under a geo sort: 27.1 gives it INT32_MAX metres (src/index.cpp,
 * `int64_t dist = INT32_MAX`), so it sorts last nearest-first and FIRST farthest-first. Never a distance.
 */
export const TYPESENSE_NO_POINT_M = 2147483647;

/** include/field.h GeoPoint: EARTH_RADIUS (miles) and METER_CONVERT (metres a mile). */
const EARTH_RADIUS_MI = 3958.75;
const METRES_A_MILE = 1609.0;

/** pack_lat_lng: a degree times 1e6, cast to int32_t (toward zero); unpack_lat_lng divides by 1e6. */
const packed = (deg: number): number => Math.trunc(deg * 1000000) / 1000000;

/**
 * The metres 27.1 reports between a search's point and a document's: both packed to 1e-6 degree, the
 * haversine angle of S2LatLng::GetDistance, times 3958.75 miles of 1609 m, truncated to whole metres.
 */
export function typesenseDistanceM(from: { lat: number; lng: number }, to: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const lat1 = packed(from.lat) * rad;
  const lat2 = packed(to.lat) * rad;
  const dlat = Math.sin(0.5 * (lat2 - lat1));
  const dlng = Math.sin(0.5 * (packed(to.lng) - packed(from.lng)) * rad);
  const x = dlat * dlat + dlng * dlng * Math.cos(lat1) * Math.cos(lat2);
  const radians = 2 * Math.asin(Math.sqrt(Math.min(1, x)));
  return Math.trunc(EARTH_RADIUS_MI * radians * METRES_A_MILE);
}
