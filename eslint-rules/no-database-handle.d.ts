import type { ESLint, Rule } from 'eslint';

export declare const noDatabaseHandle: Rule.RuleModule;
export declare const registryRules: ESLint.Plugin;
