/**
 * A pick-list searched as the user types (debounced, stale answers dropped): the chosen terms
 * as removable chips, and a combobox listing what matches, closed by a pick or Escape. Used for
 * subjects, domains, species, tags, countries and object types; tags (keywords) may also take a
 * new term, proposed from what was typed.
 */
import { Box, Button, Field, HStack, Input, Stack, Text, Wrap } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { searchPickList, type PickList, type Term } from './pick-lists.ts';
import { FieldLabel } from './FormFields.tsx';
import { latestData, useLoad } from './useLoad.ts';

const DEBOUNCE_MS = 200;

interface TermPickerProps {
  list: PickList;
  label: string;
  value: Term[];
  onChange(value: Term[]): void;
  error?: string;
  required?: boolean;
  /** Characters typed before searching (long lists are not listed whole). */
  minLength?: number;
  /** One term at most: choosing another replaces it. */
  single?: boolean;
  /** Told the text as it is typed (a "not listed: create it" form starts from it). */
  onTextChange?(text: string): void;
  /**
   * New terms may be proposed (keywords): when nothing listed is named exactly what was typed, the
   * list offers `propose.label(text)`, and choosing it (or Enter) adds what `propose.create` answers.
   */
  propose?: { label(text: string): string; create(text: string): Promise<Term> };
}

export function TermPicker({ list, label, value, onChange, error, required, minLength = 0, single = false, onTextChange, propose }: TermPickerProps) {
  const [text, setTypedText] = useState('');
  const setText = (typed: string) => {
    setTypedText(typed);
    onTextChange?.(typed);
  };
  const [open, setOpen] = useState(false);
  const listId = useId();
  const wanted = text.trim();
  const found = useLoad<Term[]>(
    open && wanted.length >= minLength ? { key: `${list}:${wanted}`, load: (signal) => searchPickList(list, wanted, signal), delayMs: DEBOUNCE_MS } : null,
  );
  const options = (latestData(found) ?? []).slice(0, 20);
  const [proposing, setProposing] = useState(false);
  const [proposeProblem, setProposeProblem] = useState<string | null>(null);
  const exact = options.find((option) => option.label.toLowerCase() === wanted.toLowerCase());
  const offersProposal = !!propose && wanted.length > 0 && !exact && !value.some((term) => term.label.toLowerCase() === wanted.toLowerCase());
  const listShown = open && (options.length > 0 || offersProposal);

  const chosen = new Set(value.map((term) => String(term.id)));
  const add = (term: Term) => {
    if (single) onChange([term]);
    else if (!chosen.has(String(term.id))) onChange([...value, term]);
    setText('');
    // The list closes on a pick so it does not cover the next field; typing opens it again.
    setOpen(false);
  };
  const proposeTyped = async () => {
    if (!propose || proposing) return;
    setProposing(true);
    setProposeProblem(null);
    try {
      add(await propose.create(wanted));
    } catch (failure) {
      setProposeProblem(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setProposing(false);
    }
  };

  return (
    <Field.Root invalid={!!error} required={required}>
      <FieldLabel label={label} required={required} />
      <Wrap gap="1" mb={value.length > 0 ? '1' : '0'} data-testid={`chosen-${list}`}>
        {value.map((term) => (
          <HStack key={term.id} gap="1" borderWidth="1px" borderRadius="full" px="2" py="0.5" fontSize="sm">
            <Text>{term.label}</Text>
            <Button size="2xs" variant="ghost" aria-label={`Remove ${term.label}`} onClick={() => onChange(value.filter((other) => other.id !== term.id))}>
              ×
            </Button>
          </HStack>
        ))}
      </Wrap>
      <Box position="relative" w="full">
        <Input
          role="combobox"
          aria-expanded={listShown}
          aria-controls={listId}
          aria-autocomplete="list"
          placeholder={`Search ${label.toLowerCase()}`}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (options[0] || offersProposal)) {
              event.preventDefault();
              // With proposals, Enter takes the term named exactly or proposes the text; otherwise the first match.
              if (exact) add(exact);
              else if (offersProposal) void proposeTyped();
              else add(options[0]);
            } else if (event.key === 'Escape' && open) {
              // Escape closes the list, not the dialog the picker may sit in.
              event.preventDefault();
              event.stopPropagation();
              setOpen(false);
            } else if (event.key === 'ArrowDown' && !open) {
              setOpen(true);
            }
          }}
        />
        {listShown && (
          <Stack id={listId} role="listbox" position="absolute" zIndex="dropdown" bg="bg" borderWidth="1px" w="full" maxH="60" overflowY="auto" gap="0" boxShadow="md">
            {options.map((option) => (
              <Box
                key={option.id}
                role="option"
                aria-selected={chosen.has(String(option.id))}
                px="3"
                py="1.5"
                cursor="pointer"
                _hover={{ bg: 'bg.muted' }}
                onMouseDown={(event) => {
                  event.preventDefault();
                  add(option);
                }}
              >
                {option.label}
              </Box>
            ))}
            {offersProposal && propose && (
              <Box
                role="option"
                aria-selected={false}
                px="3"
                py="1.5"
                cursor="pointer"
                fontWeight="medium"
                color="blue.700"
                borderTopWidth={options.length > 0 ? '1px' : '0'}
                _hover={{ bg: 'bg.muted' }}
                data-testid={`propose-${list}`}
                onMouseDown={(event) => {
                  event.preventDefault();
                  void proposeTyped();
                }}
              >
                {propose.label(wanted)}
              </Box>
            )}
          </Stack>
        )}
      </Box>
      {proposeProblem && <Text color="red.700" fontSize="sm" role="alert">{proposeProblem}</Text>}
      {error && <Field.ErrorText color="red.700" data-testid={`error-${list}`}>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
