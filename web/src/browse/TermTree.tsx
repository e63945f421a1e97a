/**
 * The collapsible subject tree (WAI-ARIA tree pattern): one tab stop, arrow keys move between
 * visible terms, Right/Left open/close or step to child/parent, Home/End jump, Enter/Space
 * select. Only opened branches are rendered, so the few hundred terms stay cheap.
 */
import { Box, Flex, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { placeKey, type TermNode } from './subject-tree.ts';

interface VisibleItem {
  key: string;
  node: TermNode;
  parentKey: string | null;
  level: number;
}

function visibleItems(roots: readonly TermNode[], expanded: ReadonlySet<string>): VisibleItem[] {
  const list: VisibleItem[] = [];
  function walk(nodes: readonly TermNode[], ancestors: number[], parentKey: string | null) {
    for (const node of nodes) {
      const key = placeKey(ancestors, node.id);
      list.push({ key, node, parentKey, level: ancestors.length + 1 });
      if (expanded.has(key)) walk(node.children, [...ancestors, node.id], key);
    }
  }
  walk(roots, [], null);
  return list;
}

export interface TermTreeProps {
  roots: readonly TermNode[];
  expanded: ReadonlySet<string>;
  onExpandedChange(next: Set<string>): void;
  selectedId: number | null;
  onSelect(node: TermNode): void;
  /** Accessible name of the tree ("Subject terms"). */
  label: string;
}

export function TermTree({ roots, expanded, onExpandedChange, selectedId, onSelect, label }: TermTreeProps) {
  const items = useMemo(() => visibleItems(roots, expanded), [roots, expanded]);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const container = useRef<HTMLDivElement>(null);

  // A term chosen elsewhere (search box, sunburst, a link) is brought into the tree's view.
  useEffect(() => {
    if (selectedId === null) return;
    container.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [selectedId, items]);
  const selectedKey = items.find((item) => item.node.id === selectedId)?.key ?? null;
  const tabKey = items.some((item) => item.key === focusKey) ? focusKey : (selectedKey ?? items[0]?.key ?? null);

  function focus(key: string) {
    setFocusKey(key);
    container.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`)?.focus();
  }

  function toggle(key: string, open: boolean) {
    const next = new Set(expanded);
    if (open) next.add(key);
    else next.delete(key);
    onExpandedChange(next);
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const index = items.findIndex((item) => item.key === tabKey);
    const current = items[index];
    if (!current) return;
    const hasChildren = current.node.children.length > 0;
    const isOpen = expanded.has(current.key);
    let handled = true;
    switch (event.key) {
      case 'ArrowDown':
        if (index + 1 < items.length) focus(items[index + 1]!.key);
        break;
      case 'ArrowUp':
        if (index > 0) focus(items[index - 1]!.key);
        break;
      case 'Home':
        focus(items[0]!.key);
        break;
      case 'End':
        focus(items[items.length - 1]!.key);
        break;
      case 'ArrowRight':
        if (hasChildren && !isOpen) toggle(current.key, true);
        else if (hasChildren) focus(items[index + 1]!.key);
        break;
      case 'ArrowLeft':
        if (hasChildren && isOpen) toggle(current.key, false);
        else if (current.parentKey) focus(current.parentKey);
        break;
      case 'Enter':
      case ' ':
        onSelect(current.node);
        break;
      default:
        handled = false;
    }
    if (handled) event.preventDefault();
  }

  return (
    <Box as="ul" role="tree" aria-label={label} ref={container} onKeyDown={onKeyDown} data-testid="term-tree" listStyleType="none" m="0" p="0">
      {items.map((item) => {
        const hasChildren = item.node.children.length > 0;
        const isOpen = expanded.has(item.key);
        const isSelected = item.node.id === selectedId;
        return (
          <Box
            as="li"
            key={item.key}
            role="treeitem"
            data-key={item.key}
            aria-level={item.level}
            aria-expanded={hasChildren ? isOpen : undefined}
            aria-selected={isSelected}
            tabIndex={item.key === tabKey ? 0 : -1}
            onFocus={() => setFocusKey(item.key)}
            onClick={() => onSelect(item.node)}
            cursor="pointer"
            borderRadius="sm"
            bg={isSelected ? 'brand.100' : undefined}
            _hover={{ bg: isSelected ? 'brand.100' : 'gray.100' }}
            pl={`${(item.level - 1) * 1.25 + 0.25}rem`}
            pr="2"
            py="0.5"
          >
            <Flex align="center" gap="1">
              <Box
                as="span"
                aria-hidden="true"
                w="5"
                flexShrink={0}
                textAlign="center"
                color="gray.600"
                onClick={(event) => {
                  if (!hasChildren) return;
                  event.stopPropagation();
                  toggle(item.key, !isOpen);
                }}
              >
                {hasChildren ? (isOpen ? '▾' : '▸') : '·'}
              </Box>
              <Text as="span" flex="1" fontWeight={isSelected ? 'semibold' : 'normal'}>
                {item.node.name}
              </Text>
              <Text as="span" fontSize="sm" color="gray.700" title="Records with this term or a narrower one">
                {item.node.records_count}
              </Text>
            </Flex>
          </Box>
        );
      })}
    </Box>
  );
}
