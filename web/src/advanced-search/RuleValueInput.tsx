/** The value input of one rule, of the kind its filter needs. */
import { Box, Button, Checkbox, Flex, Input, Switch, Tag, Text, VisuallyHidden, Wrap } from '@chakra-ui/react';
import { useId, useState, type KeyboardEvent } from 'react';
import { FIXED_VALUES, ruleLabel, ruleValueKind, TYPE_RULE_REGISTRY, valueLabel } from './advanced-search-filters.ts';
import { useRecordTypes, useVocabularyOptions } from './useRuleValueOptions.ts';

export interface RuleValueInputProps {
  identifier: string;
  value: string[] | boolean;
  onChange(value: string[] | boolean): void;
}

function ChoiceCheckboxes({ label, options, value, onChange }: { label: string; options: readonly string[]; value: string[]; onChange(value: string[]): void }) {
  const lower = new Set(value.map((item) => item.toLowerCase()));
  return (
    <Wrap gap="3" role="group" aria-label={`${label} values`}>
      {options.map((option) => (
        <Checkbox.Root
          key={option}
          size="sm"
          checked={lower.has(option.toLowerCase())}
          onCheckedChange={(event) =>
            onChange(event.checked ? [...value, option] : value.filter((item) => item.toLowerCase() !== option.toLowerCase()))
          }
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label fontWeight="normal">{valueLabel(option)}</Checkbox.Label>
        </Checkbox.Root>
      ))}
    </Wrap>
  );
}

function RecordTypeCheckboxes({ identifier, value, onChange }: { identifier: string; value: string[]; onChange(value: string[]): void }) {
  const types = useRecordTypes(TYPE_RULE_REGISTRY[identifier] ?? '');
  return <ChoiceCheckboxes label={ruleLabel(identifier)} options={types} value={value} onChange={onChange} />;
}

function VocabularyInput({ identifier, value, onChange }: { identifier: string; value: string[]; onChange(value: string[]): void }) {
  const [text, setText] = useState('');
  const options = useVocabularyOptions(identifier, text);
  const inputId = useId();
  const listId = useId();
  const label = ruleLabel(identifier);
  const add = () => {
    const trimmed = text.trim();
    if (trimmed === '') return;
    if (!value.some((item) => item.toLowerCase() === trimmed.toLowerCase())) onChange([...value, trimmed]);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };
  return (
    <Box>
      <VisuallyHidden asChild>
        <label htmlFor={inputId}>{`Add a ${label.toLowerCase()} value`}</label>
      </VisuallyHidden>
      <Flex gap="2" align="center">
        <Input
          id={inputId}
          size="sm"
          list={listId}
          value={text}
          placeholder={`Type a ${label.toLowerCase()} value`}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          data-testid="rule-value-text"
        />
        <datalist id={listId}>
          {options.map((option) => (
            <option key={option} value={option} />
          ))}
        </datalist>
        <Button size="sm" variant="outline" onClick={add} disabled={text.trim() === ''}>
          Add value
        </Button>
      </Flex>
      {value.length > 0 ? (
        <Wrap gap="1.5" mt="2" aria-label={`${label} values`} role="list">
          {value.map((item) => (
            <Tag.Root key={item} size="md" colorPalette="blue" role="listitem">
              <Tag.Label>{item}</Tag.Label>
              <Tag.EndElement>
                <Tag.CloseTrigger aria-label={`Remove ${item}`} onClick={() => onChange(value.filter((other) => other !== item))} />
              </Tag.EndElement>
            </Tag.Root>
          ))}
        </Wrap>
      ) : null}
    </Box>
  );
}

export function RuleValueInput({ identifier, value, onChange }: RuleValueInputProps) {
  if (identifier === '') return <Text fontSize="sm" color="fg.muted">Choose a filter first.</Text>;
  const kind = ruleValueKind(identifier);
  const list = Array.isArray(value) ? value : [];
  if (kind === 'boolean') {
    const checked = value === true;
    return (
      <Switch.Root size="md" checked={checked} onCheckedChange={(event) => onChange(event.checked)}>
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>
          {ruleLabel(identifier)}: {checked ? 'Yes' : 'No'}
        </Switch.Label>
      </Switch.Root>
    );
  }
  if (kind === 'recordType') return <RecordTypeCheckboxes identifier={identifier} value={list} onChange={onChange} />;
  if (kind === 'vocabulary') return <VocabularyInput identifier={identifier} value={list} onChange={onChange} />;
  return <ChoiceCheckboxes label={ruleLabel(identifier)} options={FIXED_VALUES[identifier] ?? []} value={list} onChange={onChange} />;
}
