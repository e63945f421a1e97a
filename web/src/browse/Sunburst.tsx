/**
 * A vocabulary tree as a d3 sunburst: rings are tree levels, a segment's angle is the number
 * of records under it (leaves weigh their own count, at least 1 so empty terms stay visible).
 * Clicking a segment selects its term; every segment carries a <title> with name and count.
 * The tree beside it is the keyboard route to the same terms, so segments take no tab stops.
 */
import { Box } from '@chakra-ui/react';
import { arc, hierarchy, interpolateRgb, partition, schemeTableau10, type HierarchyRectangularNode } from 'd3';
import { useMemo } from 'react';
import type { TermNode } from './subject-tree.ts';

const SIZE = 440;
const RADIUS = SIZE / 2;

interface SunburstDatum {
  node: TermNode | null;
  children: SunburstDatum[];
}

function toDatum(node: TermNode): SunburstDatum {
  return { node, children: node.children.map(toDatum) };
}

interface Segment {
  key: string;
  path: string;
  fill: string;
  node: TermNode;
}

function segmentsOf(roots: readonly TermNode[]): Segment[] {
  const root = hierarchy<SunburstDatum>({ node: null, children: roots.map(toDatum) })
    .sum((datum) => (datum.node && datum.children.length === 0 ? Math.max(datum.node.records_count, 1) : 0))
    .sort((a, b) => (b.value ?? 0) - (a.value ?? 0));
  const laidOut = partition<SunburstDatum>().size([2 * Math.PI, root.height + 1])(root);
  const ringWidth = RADIUS / (root.height + 1);
  const draw = arc<HierarchyRectangularNode<SunburstDatum>>()
    .startAngle((d) => d.x0)
    .endAngle((d) => d.x1)
    .padAngle(0.002)
    .innerRadius((d) => d.y0 * ringWidth)
    .outerRadius((d) => d.y1 * ringWidth - 1);
  const maxDepth = root.height;
  return laidOut
    .descendants()
    .filter((d) => d.depth > 0 && d.data.node)
    .map((d) => {
      const top = d.ancestors().find((a) => a.depth === 1) ?? d;
      const base = schemeTableau10[(root.children ?? []).indexOf(top) % schemeTableau10.length] ?? '#4e79a7';
      const fill = interpolateRgb(base, '#ffffff')(((d.depth - 1) / Math.max(maxDepth, 1)) * 0.7);
      const key = d
        .ancestors()
        .map((a) => a.data.node?.id ?? 'root')
        .join('/');
      return { key, path: draw(d) ?? '', fill, node: d.data.node! };
    });
}

export interface SunburstProps {
  roots: readonly TermNode[];
  selectedId: number | null;
  onSelect(node: TermNode): void;
  /** What the terms are ("subject terms"). */
  label: string;
}

export function Sunburst({ roots, selectedId, onSelect, label }: SunburstProps) {
  const segments = useMemo(() => segmentsOf(roots), [roots]);
  return (
    <Box as="figure" m="0" maxW={`${SIZE}px`} mx="auto">
      <svg
        viewBox={`${-RADIUS} ${-RADIUS} ${SIZE} ${SIZE}`}
        width="100%"
        role="group"
        aria-label={`Sunburst of the ${label}; select a segment to list its records`}
        data-testid="sunburst"
      >
        {segments.map((segment) => {
          const selected = segment.node.id === selectedId;
          return (
            <path
              key={segment.key}
              d={segment.path}
              fill={segment.fill}
              stroke={selected ? '#1b2d56' : 'white'}
              strokeWidth={selected ? 2.5 : 0.5}
              style={{ cursor: 'pointer' }}
              data-term-id={segment.node.id}
              onClick={() => onSelect(segment.node)}
            >
              <title>{`${segment.node.name}: ${segment.node.records_count} records`}</title>
            </path>
          );
        })}
      </svg>
      <Box as="figcaption" fontSize="sm" color="gray.700" textAlign="center" mt="2">
        Segment size follows the number of records; the inner ring holds the broadest terms.
      </Box>
    </Box>
  );
}
