export * from './queues';
export * from './context';
export * from './outbox-relay';
export * from './mail.worker';
export * from './main';
export * from './maintenance.worker';
