export * from './search/record-document.ts';
export * from './search/index-names.ts';
export * from './access/index.ts';
export * from './forms/account.ts';
