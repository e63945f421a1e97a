/**
 * Feature screens the frame opens itself: the header's login popup and advanced search dialog.
 * The app gives them (app/shell-parts.ts, loaded when first opened), so the shell names no feature.
 */
import { createContext, useContext, type ComponentType } from 'react';

export interface ShellParts {
  LoginForm: ComponentType<{ redirect: false; onDone: () => void }>;
  AdvancedSearchDialog: ComponentType<{ isOpen: boolean; onClose: () => void }>;
}

export const ShellPartsContext = createContext<ShellParts | null>(null);

export function useShellParts(): ShellParts {
  const parts = useContext(ShellPartsContext);
  if (!parts) throw new Error('The shell is rendered without its parts (ShellPartsContext, given in main.tsx).');
  return parts;
}
