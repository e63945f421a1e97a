export * from './search/record-document.ts';
export * from './search/index-names.ts';
