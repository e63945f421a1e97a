// Placeholder so the router's lazy import resolves; the real dialog is being built.
export interface AdvancedSearchDialogProps {
  isOpen: boolean;
  onClose(): void;
}

export function AdvancedSearchDialog({ isOpen }: AdvancedSearchDialogProps) {
  return isOpen ? <div role="dialog">Advanced search</div> : null;
}
