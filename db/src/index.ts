export * from './client';
export * from './env';
export * from './migrate';
export * from './outbox';
export * from './embedded';
export * from './runtime';
