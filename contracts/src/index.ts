// @ilera/contracts: reference lists, pure rules and request schemas shared by the
// API, the workers and the web app. No I/O.
export * from './lists.js';
export * from './rules.js';
export * from './availability.js';
export * from './search-index.js';
export * from './licences.js';
export * from './claims.js';
export * from './register-changes.js';
export * from './schemas/index.js';
export * from './answers/index.js';
export * from './nigeria-lgas.js';
export * from './phone.js';
export * from './care.js';
export * from './care-schemas.js';
export * from './care-search.js';
export * from './languages.js';
export * from './translation-suggestions.js';
