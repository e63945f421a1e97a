/**
 * Depth and filters of the relation graph, kept in the URL (`depth=2`, `hideRegistry=policy`,
 * `hideRelation=related_to`, `hideStatus=deprecated`, comma lists) so a filtered view can be
 * linked to. Native controls in fieldsets: keyboard and screen readers need nothing more.
 */
import { Box, Flex, Text } from '@chakra-ui/react';
import { STATUS_LABELS } from '@registry/schemas/search/facets.ts';
import type { RecordGraphAnswer } from './graph-layout.ts';
import { distinctValues, type GraphFilters } from './graph-view.ts';

const HIDDEN_PARAMETERS = { hiddenRegistries: 'hideRegistry', hiddenRelations: 'hideRelation', hiddenStatuses: 'hideStatus' } as const;
type HiddenKey = keyof typeof HIDDEN_PARAMETERS;

function readSet(params: URLSearchParams, name: string): Set<string> {
  return new Set((params.get(name) ?? '').split(',').map((value) => value.trim()).filter(Boolean));
}

export function readGraphFilters(params: URLSearchParams): GraphFilters {
  return {
    depth: params.get('depth') === '2' ? 2 : 1,
    hiddenRegistries: readSet(params, HIDDEN_PARAMETERS.hiddenRegistries),
    hiddenRelations: readSet(params, HIDDEN_PARAMETERS.hiddenRelations),
    hiddenStatuses: readSet(params, HIDDEN_PARAMETERS.hiddenStatuses),
  };
}

function withHidden(params: URLSearchParams, key: HiddenKey, values: Set<string>): URLSearchParams {
  const next = new URLSearchParams(params);
  if (values.size) next.set(HIDDEN_PARAMETERS[key], [...values].sort().join(','));
  else next.delete(HIDDEN_PARAMETERS[key]);
  return next;
}

function humanise(value: string): string {
  const text = STATUS_LABELS[value as keyof typeof STATUS_LABELS] ?? value.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function CheckboxGroup(props: { legend: string; values: string[]; hidden: ReadonlySet<string>; onToggle: (value: string) => void }) {
  if (props.values.length < 2) return null;
  return (
    <Box as="fieldset" borderWidth="1px" borderColor="gray.200" rounded="md" px="3" py="2">
      <Text as="legend" fontWeight="semibold" fontSize="sm" px="1">
        {props.legend}
      </Text>
      <Flex gap="3" wrap="wrap">
        {props.values.map((value) => (
          <label key={value} style={{ display: 'inline-flex', gap: '0.35rem', alignItems: 'center', fontSize: '0.875rem' }}>
            <input type="checkbox" checked={!props.hidden.has(value)} onChange={() => props.onToggle(value)} />
            {humanise(value)}
          </label>
        ))}
      </Flex>
    </Box>
  );
}

export function GraphFilterControls(props: {
  answer: RecordGraphAnswer;
  filters: GraphFilters;
  params: URLSearchParams;
  onChange: (params: URLSearchParams) => void;
}) {
  const { answer, filters, params, onChange } = props;
  const others = answer.nodes.filter((node) => node.attributes.record_id !== answer.id);
  const registries = distinctValues(others.map((node) => node.attributes.registry));
  const statuses = distinctValues(others.map((node) => (node.attributes.status ?? '').toLowerCase()));
  const relations = distinctValues(answer.edges.map((edge) => edge.attributes.label));
  const toggle = (key: HiddenKey) => (value: string) => {
    const values = new Set(filters[key]);
    if (values.has(value)) values.delete(value);
    else values.add(value);
    onChange(withHidden(params, key, values));
  };
  return (
    <Flex as="form" mt="4" gap="3" wrap="wrap" align="flex-start" aria-label="Graph filters" onSubmit={(event) => event.preventDefault()}>
      <Box as="fieldset" borderWidth="1px" borderColor="gray.200" rounded="md" px="3" py="2">
        <Text as="legend" fontWeight="semibold" fontSize="sm" px="1">
          Depth
        </Text>
        <Flex gap="3">
          {([1, 2] as const).map((depth) => (
            <label key={depth} style={{ display: 'inline-flex', gap: '0.35rem', alignItems: 'center', fontSize: '0.875rem' }}>
              <input
                type="radio"
                name="graph-depth"
                checked={filters.depth === depth}
                onChange={() => {
                  const next = new URLSearchParams(params);
                  if (depth === 2) next.set('depth', '2');
                  else next.delete('depth');
                  onChange(next);
                }}
              />
              {depth === 1 ? 'Direct relations' : 'Two steps'}
            </label>
          ))}
        </Flex>
      </Box>
      <CheckboxGroup legend="Registries" values={registries} hidden={filters.hiddenRegistries} onToggle={toggle('hiddenRegistries')} />
      <CheckboxGroup legend="Relation types" values={relations} hidden={filters.hiddenRelations} onToggle={toggle('hiddenRelations')} />
      <CheckboxGroup legend="Status" values={statuses} hidden={filters.hiddenStatuses} onToggle={toggle('hiddenStatuses')} />
    </Flex>
  );
}
