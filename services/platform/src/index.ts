export * from './config.ts';
export * from './cli.ts';
export * from './db/connection.ts';
export * from './db/commit-horizon.ts';
export * from './search/client.ts';
export * from './search/index-layout.ts';
export * from './outbox/index.ts';
export * from './queue/index.ts';
