/**
 * A search box that suggests records and vocabulary terms while typing (ARIA 1.2 combobox with
 * a list box): Down/Up move through the suggestions, Enter opens the one chosen (or submits the
 * form when none is, closing the list), Escape closes the list. The box is in the header of every page, so it is
 * a plain input and a plain list styled once by their wrapper (COMBOBOX_STYLES: the look of
 * Chakra's outline input), not a styled component per element.
 */
import { Box, type SystemStyleObject } from '@chakra-ui/react';
import { useId, useState, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { suggestionOptions, type SuggestionOption } from './suggestion-options.ts';
import { useSuggestions } from './useSuggestions.ts';

const COMBOBOX_STYLES: SystemStyleObject = {
  position: 'relative',
  flex: '1',
  minWidth: '0',
  width: 'full',
  '& > input': {
    width: '100%',
    minWidth: '0',
    height: '10',
    px: '3',
    textStyle: 'sm',
    appearance: 'none',
    textAlign: 'start',
    bg: 'white',
    color: 'gray.900',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'l2',
  },
  '&[data-size=sm] > input': { height: '9', px: '2.5' },
  '&[data-size=lg] > input': { height: '11', px: '4', textStyle: 'md' },
  '& > [role=listbox]': {
    position: 'absolute',
    top: '100%',
    left: '0',
    // At least as wide as the box, wide enough for a name beside its badge when the box is narrow.
    minWidth: 'min(28rem, 92vw)',
    width: '100%',
    zIndex: 'dropdown',
    mt: '1',
    bg: 'bg',
    color: 'fg',
    borderWidth: '1px',
    borderRadius: 'md',
    boxShadow: 'lg',
    maxH: '24rem',
    overflowY: 'auto',
    p: '1',
    m: '0',
    listStyleType: 'none',
    textAlign: 'left',
  },
  '& [data-group-label]': { fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted', px: '2', pt: '1.5', pb: '0.5', textTransform: 'uppercase' },
  '& [role=option]': { display: 'flex', alignItems: 'baseline', gap: '2', px: '2', py: '1.5', borderRadius: 'sm', cursor: 'pointer', fontSize: 'sm' },
  '& [role=option][aria-selected=true]': { bg: 'blue.100', color: 'blue.900' },
  '& [data-detail]': { color: 'fg.muted' },
  '& [data-suggestion-badge]': { ml: 'auto', fontSize: 'xs', color: 'fg.muted', whiteSpace: 'nowrap' },
};

export interface SuggestionsComboboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'size'> {
  value: string;
  onValueChange(value: string): void;
  /** Chakra's input sizes: sm 2.25rem, md 2.5rem (default), lg 2.75rem high. */
  size?: 'sm' | 'md' | 'lg';
}

export function SuggestionsCombobox({ value, onValueChange, size = 'md', ...inputProps }: SuggestionsComboboxProps) {
  const navigate = useNavigate();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const options = suggestionOptions(useSuggestions(value, open));
  const expanded = open && options.length > 0;
  const optionId = (option: SuggestionOption) => `${listId}-${option.key}`;

  const choose = (option: SuggestionOption) => {
    setOpen(false);
    setActive(-1);
    void navigate(option.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (!options.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the text box itself: past the last option the choice goes back to it.
      const positions = options.length + 1;
      setActive((current) => ((current + 1 + step + positions) % positions) - 1);
    } else if (event.key === 'Enter' && expanded && active >= 0 && active < options.length) {
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === 'Enter') {
      // The form submits the text: the list would otherwise stay open over the results it asked for.
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const groups = (['Records', 'Terms'] as const).map((group) => ({ group, options: options.filter((option) => option.group === group) }));
  return (
    <Box css={COMBOBOX_STYLES} data-size={size}>
      <input
        {...inputProps}
        value={value}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 && active < options.length ? optionId(options[active]) : undefined}
        autoComplete="off"
        onChange={(event) => {
          onValueChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <div id={listId} role="listbox" aria-label="Suggestions" hidden={!expanded} data-testid="search-suggestions">
        {groups.map(({ group, options: members }) =>
          members.length ? (
            <div role="group" aria-labelledby={`${listId}-${group}`} key={group}>
              <div id={`${listId}-${group}`} data-group-label="">
                {group}
              </div>
              {members.map((option) => (
                <div
                  key={option.key}
                  id={optionId(option)}
                  role="option"
                  aria-selected={options.indexOf(option) === active}
                  // Keeps the focus in the box, so the blur does not close the list before the click.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(option)}
                >
                  <span>{option.label}</span>
                  {option.detail ? <span data-detail="">{option.detail}</span> : null}
                  <span data-suggestion-badge="">{option.badge}</span>
                </div>
              ))}
            </div>
          ) : null,
        )}
      </div>
    </Box>
  );
}
