/** One group of the query builder: its operator and its rules. */
import { Box, Button, Field, Flex, NativeSelect, Text } from '@chakra-ui/react';
import { RULE_IDENTIFIERS, ruleLabel } from './advanced-search-filters.ts';
import { emptyRule, initialRuleValue, isRuleFilled, type GroupValues, type RuleValues } from './advanced-search-form.ts';
import { OperatorSelect } from './OperatorSelect.tsx';
import { RuleValueInput } from './RuleValueInput.tsx';

export interface QueryGroupProps {
  index: number;
  group: GroupValues;
  canRemove: boolean;
  onChange(group: GroupValues): void;
  onRemove(): void;
}

export function QueryGroup({ index, group, canRemove, onChange, onRemove }: QueryGroupProps) {
  const setRule = (ruleIndex: number, rule: RuleValues) =>
    onChange({ ...group, rules: group.rules.map((current, position) => (position === ruleIndex ? rule : current)) });
  return (
    <Box as="fieldset" borderWidth="1px" borderRadius="md" p="4" data-testid="query-group">
      <Text as="legend" fontWeight="semibold" px="1">
        Group {index + 1}
      </Text>
      <Flex gap="3" align="flex-end" wrap="wrap">
        <OperatorSelect value={group.operator} onChange={(operator) => onChange({ ...group, operator })} />
        <Button size="sm" variant="outline" onClick={() => onChange({ ...group, rules: [...group.rules, emptyRule()] })}>
          Add rule
        </Button>
        {canRemove ? (
          <Button size="sm" variant="ghost" colorPalette="red" onClick={onRemove}>
            Remove group {index + 1}
          </Button>
        ) : null}
      </Flex>
      {group.rules.length === 0 ? (
        <Text mt="3" fontSize="sm" color="fg.muted">
          No rules yet: add one to filter the results.
        </Text>
      ) : null}
      {group.rules.map((rule, ruleIndex) => (
        <Flex
          key={ruleIndex}
          data-testid="query-rule"
          mt="3"
          gap="3"
          direction={{ base: 'column', md: 'row' }}
          align={{ base: 'stretch', md: 'flex-start' }}
          borderTopWidth="1px"
          pt="3"
        >
          <Field.Root width={{ base: 'full', md: '16rem' }} flexShrink={0} invalid={rule.identifier === ''}>
            <Field.Label fontSize="sm">Filter of rule {ruleIndex + 1}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                data-testid="rule-identifier"
                value={rule.identifier}
                onChange={(event) => {
                  const identifier = event.currentTarget.value;
                  setRule(ruleIndex, { identifier, value: initialRuleValue(identifier) });
                }}
              >
                <option value="">Choose a filter…</option>
                {RULE_IDENTIFIERS.map((identifier) => (
                  <option key={identifier} value={identifier}>
                    {ruleLabel(identifier)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Box flex="1" minW="0" pt={{ md: '6' }} data-filled={isRuleFilled(rule)}>
            <RuleValueInput identifier={rule.identifier} value={rule.value} onChange={(value) => setRule(ruleIndex, { ...rule, value })} />
          </Box>
          <Button
            size="sm"
            variant="ghost"
            colorPalette="red"
            mt={{ md: '6' }}
            onClick={() => onChange({ ...group, rules: group.rules.filter((_, position) => position !== ruleIndex) })}
          >
            Remove rule
          </Button>
        </Flex>
      ))}
    </Box>
  );
}
