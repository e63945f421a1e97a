/** The shared AND/OR selector ("Select an operator") of groups and of the whole query. */
import { Field, NativeSelect } from '@chakra-ui/react';
import type { AdvancedSearchOperator } from '@registry/schemas/search/advanced-search-url.ts';

export function OperatorSelect({ value, onChange, label = 'Select an operator' }: { value: AdvancedSearchOperator; onChange(value: AdvancedSearchOperator): void; label?: string }) {
  return (
    <Field.Root width="auto">
      <Field.Label fontSize="sm">{label}</Field.Label>
      <NativeSelect.Root size="sm" width="8rem">
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.currentTarget.value === '_or' ? '_or' : '_and')}>
          <option value="_and">AND</option>
          <option value="_or">OR</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
