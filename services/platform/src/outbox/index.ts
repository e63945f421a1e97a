export * from './outbox.ts';
export * from './publisher.ts';
