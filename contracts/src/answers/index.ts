export * from './common.js';
export * from './profiles.js';
export * from './appointments.js';
export * from './accounts.js';
export * from './claims.js';
export * from './moderation.js';
export * from './saved-providers.js';
export * from './care.js';
