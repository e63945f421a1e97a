/**
 * Horizontal bars with d3 scales, drawn by React as SVG. Each bar is a link to the search that
 * lists its records (keyboard-focusable, named by its title, the whole label and count: "Genomics: 120"). A label
 * too long for its column takes two lines (every row of that chart is then taller) and, still
 * too long, ends with "…" after its last whole word that fits — or shows its end, when that would
 * read like another bar's ("Minimum Information…" three times). It is whole in the tooltip a
 * hovered or focused bar shows, in the link's name and in the table alternative. The counts'
 * column is as wide as the widest count as drawn.
 */
import { Box } from '@chakra-ui/react';
import { useState } from 'react';
import { scaleLinear } from 'd3-scale';
import { useNavigate } from 'react-router';
import { distinctLabelLines } from './statistics-charts.ts';
import { useElementWidth } from '../kit/useElementWidth.ts';
import { svgTextWidth } from './svg-text-width.ts';

export interface BarRow {
  label: string;
  count: number;
  /** Search page of the bar's records; bars without one are not links. */
  href?: string;
}

/** Height of a row whose label takes one line, and of one with two. */
const ROW_HEIGHT = 26;
const TWO_LINE_ROW_HEIGHT = 38;
const BAR_THICKNESS = 21;
const LINE_HEIGHT = 15;
const BAR_LINK_STYLES = {
  '& a.statistics-bar': { textDecoration: 'none', cursor: 'pointer' },
  '& a.statistics-bar:hover rect, & a.statistics-bar:focus-visible rect': { fill: 'var(--chakra-colors-brand-800)' },
  '& a.statistics-bar:focus-visible': { outline: '2px solid var(--chakra-colors-brand-500)', outlineOffset: '2px' },
  '& a.statistics-bar:hover text': { textDecoration: 'underline' },
};
/** Between a bar's end and its count, and after the count. */
const VALUE_GAP = 6;

const FONT_SIZE = 13;
const textWidth = (text: string) => svgTextWidth(text, FONT_SIZE);

export function BarChart({ rows, titleId }: { rows: BarRow[]; titleId: string }) {
  const { ref, width } = useElementWidth<HTMLDivElement>(600);
  const navigate = useNavigate();
  const labelWidth = Math.min(220, Math.round(width * 0.38));
  const [pointed, setPointed] = useState<number | null>(null);
  const shownLabels = distinctLabelLines(rows.map((row) => row.label), labelWidth - 10, textWidth);
  const counts = rows.map((row) => row.count.toLocaleString('en-GB'));
  const valueSpace = Math.ceil(Math.max(0, ...counts.map(textWidth))) + 2 * VALUE_GAP;
  const rowHeight = shownLabels.some((lines) => lines.length > 1) ? TWO_LINE_ROW_HEIGHT : ROW_HEIGHT;
  const height = rows.length * rowHeight;
  const x = scaleLinear()
    .domain([0, Math.max(1, ...rows.map((row) => row.count))])
    .range([0, Math.max(10, width - labelWidth - valueSpace)]);
  const barTop = (rowHeight - BAR_THICKNESS) / 2;
  const middle = rowHeight / 2;

  return (
    <Box ref={ref} width="100%" css={BAR_LINK_STYLES} position="relative">
      {pointed !== null && rows[pointed] ? (
        // The whole label of the bar under the pointer or the keyboard's focus (the link's name says it to screen readers).
        <Box
          aria-hidden="true"
          data-testid="bar-tooltip"
          position="absolute"
          zIndex="1"
          left={`${labelWidth}px`}
          right="0"
          bottom={`calc(100% - ${pointed * rowHeight}px)`}
          width="fit-content"
          maxW={`calc(100% - ${labelWidth}px)`}
          px="2"
          py="1"
          fontSize="xs"
          bg="gray.900"
          color="white"
          borderRadius="sm"
          pointerEvents="none"
        >
          {rows[pointed].label}: {counts[pointed]}
        </Box>
      ) : null}
      <svg width={width} height={height} aria-labelledby={titleId} data-testid="statistics-chart">
        {rows.map((row, index) => {
          const count = counts[index];
          const lines = shownLabels[index];
          // The lines' block is centred on the row's middle.
          const firstLine = middle - ((lines.length - 1) * LINE_HEIGHT) / 2;
          // The title is the tooltip and, on a link, its name (SVG takes a title child before the text).
          const title = <title>{`${row.label}: ${count}`}</title>;
          const bar = (
            <g transform={`translate(0, ${index * rowHeight})`}>
              <text textAnchor="end" fontSize={FONT_SIZE} fill="currentColor" data-bar-label="">
                {lines.map((line, lineIndex) => (
                  <tspan key={lineIndex} x={labelWidth - 8} y={firstLine + lineIndex * LINE_HEIGHT} dy="0.35em">
                    {line}
                  </tspan>
                ))}
              </text>
              <rect x={labelWidth} y={barTop} width={Math.max(1, x(row.count))} height={BAR_THICKNESS} rx="2" fill="var(--chakra-colors-brand-600)" />
              <text x={labelWidth + x(row.count) + VALUE_GAP} y={middle} dy="0.35em" fontSize={FONT_SIZE} fill="currentColor">
                {count}
              </text>
            </g>
          );
          if (!row.href) {
            return (
              <g key={index}>
                {title}
                {bar}
              </g>
            );
          }
          const href = row.href;
          return (
            <a
              key={index}
              href={href}
              className="statistics-bar"
              onFocus={() => setPointed(index)}
              onBlur={() => setPointed(null)}
              onMouseEnter={() => setPointed(index)}
              onMouseLeave={() => setPointed(null)}
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                event.preventDefault();
                navigate(href);
              }}
            >
              {title}
              {bar}
            </a>
          );
        })}
      </svg>
    </Box>
  );
}
