/** The feature screens the shell opens, each loaded when first opened. */
import { lazy } from 'react';
import { withLoadTimeout } from '../kit/loadScreen.ts';
import type { ShellParts } from '../shell/shell-parts.ts';

export const SHELL_PARTS: ShellParts = {
  LoginForm: lazy(() => withLoadTimeout(() => import('../account/LoginForm.tsx')).then((m) => ({ default: m.LoginForm }))),
  AdvancedSearchDialog: lazy(() => withLoadTimeout(() => import('../advanced-search/AdvancedSearchDialog.tsx')).then((m) => ({ default: m.AdvancedSearchDialog }))),
};
