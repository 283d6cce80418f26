/**
 * Stands in for `qs` in the web build (vite.config.ts). instantsearch.js imports it
 * only for its history router, which runs when <InstantSearch routing> is set; our
 * search page leaves the address to react-router and never sets it. qs and its
 * helpers (object-inspect, side-channel, get-intrinsic) were about 12 KB gzipped of
 * the search page's first load. If routing is ever turned on, this says so at once.
 */
const unused = (): never => {
  throw new Error("qs is not bundled: instantsearch's routing is not used (the address belongs to react-router)");
};

export default { parse: unused, stringify: unused };
