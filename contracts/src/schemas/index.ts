export * from './common.js';
export * from './auth.js';
export * from './admin.js';
export * from './admin-review.js';
export * from './profiles.js';
export * from './appointments.js';
export * from './reviews.js';
export * from './search.js';
