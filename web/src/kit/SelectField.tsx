/**
 * A labelled native `<select>` with the look of Chakra's NativeSelect (size sm), as two plain
 * elements styled by ONE style object: the search bar's controls render on the first paint of
 * a search page, where each styled component costs a style serialisation, a hash and a rule.
 */
import { Box, type BoxProps, type SystemStyleObject } from '@chakra-ui/react';
import { useId } from 'react';

/** Chakra's chevron-down indicator, drawn by the select's background. */
const CHEVRON =
  "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%2371717a' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='m6 9 6 6 6-6'/%3E%3C/svg%3E\")";

const SELECT_FIELD_STYLES: SystemStyleObject = {
  display: 'flex',
  flexDirection: 'column',
  gap: '1.5',
  '& label': { textStyle: 'sm', fontWeight: 'medium' },
  '& select': {
    appearance: 'none',
    width: 'full',
    height: '9',
    ps: '3',
    pe: '8',
    textStyle: 'sm',
    bg: 'bg',
    color: 'fg',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'l2',
    cursor: 'pointer',
    backgroundImage: CHEVRON,
    backgroundRepeat: 'no-repeat',
    backgroundPosition: 'right 0.5rem center',
    backgroundSize: '1rem',
  },
};

export interface SelectFieldProps {
  label: string;
  testId: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange(value: string): void;
  width?: BoxProps['width'];
}

export function SelectField({ label, testId, value, options, onChange, width = 'auto' }: SelectFieldProps) {
  const id = useId();
  return (
    <Box css={SELECT_FIELD_STYLES} width={width}>
      <label htmlFor={id}>{label}</label>
      <select id={id} data-testid={testId} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Box>
  );
}
