/**
 * A search box that suggests records and vocabulary terms while typing (ARIA 1.2 combobox with
 * a list box): Down/Up move through the suggestions, Enter opens the one chosen (or submits the
 * form when none is), Escape closes the list. The list is plain elements styled once.
 */
import { Box, Input, type InputProps, type SystemStyleObject } from '@chakra-ui/react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { suggestionOptions, type SuggestionOption } from './suggestion-options.ts';
import { useSuggestions } from './useSuggestions.ts';

const LIST_STYLES: SystemStyleObject = {
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
  '& [data-group-label]': { fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted', px: '2', pt: '1.5', pb: '0.5', textTransform: 'uppercase' },
  '& [role=option]': { display: 'flex', alignItems: 'baseline', gap: '2', px: '2', py: '1.5', borderRadius: 'sm', cursor: 'pointer', fontSize: 'sm' },
  '& [role=option][aria-selected=true]': { bg: 'blue.100', color: 'blue.900' },
  '& [data-detail]': { color: 'fg.muted' },
  '& [data-suggestion-badge]': { ml: 'auto', fontSize: 'xs', color: 'fg.muted', whiteSpace: 'nowrap' },
};

export interface SuggestionsComboboxProps extends Omit<InputProps, 'value' | 'onChange'> {
  value: string;
  onValueChange(value: string): void;
}

export function SuggestionsCombobox({ value, onValueChange, ...inputProps }: SuggestionsComboboxProps) {
  const navigate = useNavigate();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useSuggestions(value, open);
  const options = suggestionOptions(suggestions.answer);
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
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const groups = (['Records', 'Terms'] as const).map((group) => ({ group, options: options.filter((option) => option.group === group) }));
  return (
    <Box position="relative" flex={inputProps.flex} minW={inputProps.minW} width="full">
      <Input
        {...inputProps}
        width="full"
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
      <Box as="div" id={listId} role="listbox" aria-label="Suggestions" css={LIST_STYLES} display={expanded ? 'block' : 'none'} data-testid="search-suggestions">
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
      </Box>
    </Box>
  );
}
