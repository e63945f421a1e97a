/** The access module: who the viewer is, what they may do, which fields they may read and write, and which records they may see. */
export * from './viewer.ts';
export * from './policy.ts';
export * from './fields.ts';
export * from './record-visibility.ts';
export * from './user-visibility.ts';
