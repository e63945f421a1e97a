/** The "… per page" choice of a paged list of records (search results, a term's records). */
import { SelectField, type SelectFieldProps } from './SelectField.tsx';

export function PerPageSelect(props: {
  label: string;
  testId: string;
  choices: readonly number[];
  value: number;
  onChange: (perPage: number) => void;
  width?: SelectFieldProps['width'];
}) {
  return (
    <SelectField
      label={props.label}
      testId={props.testId}
      value={String(props.value)}
      options={props.choices.map((choice) => ({ value: String(choice), label: String(choice) }))}
      onChange={(value) => props.onChange(Number(value))}
      width={props.width}
    />
  );
}
