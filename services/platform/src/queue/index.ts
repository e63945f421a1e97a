export * from './index-queue.ts';
