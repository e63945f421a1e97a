/**
 * Horizontal bars with d3 scales, drawn by React as SVG. Each bar is a link to the search that
 * lists its records (keyboard-focusable, named "Genomics: 120 records"); long labels are cut
 * with an ellipsis on screen, whole in the link's name and in the table alternative.
 */
import { Box } from '@chakra-ui/react';
import { scaleBand, scaleLinear } from 'd3-scale';
import { useNavigate } from 'react-router';
import { useElementWidth } from './useElementWidth.ts';

export interface BarRow {
  label: string;
  count: number;
  /** Search page of the bar's records; bars without one are not links. */
  href?: string;
}

const BAR_HEIGHT = 26;
const BAR_LINK_STYLES = {
  '& a.statistics-bar': { textDecoration: 'none', cursor: 'pointer' },
  '& a.statistics-bar:hover rect, & a.statistics-bar:focus-visible rect': { fill: 'var(--chakra-colors-brand-800)' },
  '& a.statistics-bar:focus-visible': { outline: '2px solid var(--chakra-colors-brand-500)', outlineOffset: '2px' },
  '& a.statistics-bar:hover text': { textDecoration: 'underline' },
};
const GAP = 0.2;
const VALUE_SPACE = 48;

const FONT_SIZE = 13;
let measuringContext: CanvasRenderingContext2D | null = null;

/** Width of a label in the page's font, so cutting it never lets it run out of its column. */
function textWidth(text: string): number {
  measuringContext ??= document.createElement('canvas').getContext('2d');
  if (!measuringContext) return text.length * FONT_SIZE * 0.6;
  measuringContext.font = `${FONT_SIZE}px ${getComputedStyle(document.body).fontFamily}`;
  return measuringContext.measureText(text).width;
}

function cut(text: string, maxWidth: number): string {
  if (textWidth(text) <= maxWidth) return text;
  let end = text.length - 1;
  while (end > 1 && textWidth(`${text.slice(0, end)}…`) > maxWidth) end -= 1;
  return `${text.slice(0, end)}…`;
}

export function BarChart({ rows, titleId }: { rows: BarRow[]; titleId: string }) {
  const { ref, width } = useElementWidth<HTMLDivElement>(600);
  const navigate = useNavigate();
  const labelWidth = Math.min(220, Math.round(width * 0.38));
  const height = rows.length * BAR_HEIGHT;
  const x = scaleLinear()
    .domain([0, Math.max(1, ...rows.map((row) => row.count))])
    .range([0, Math.max(10, width - labelWidth - VALUE_SPACE)]);
  const y = scaleBand<number>()
    .domain(rows.map((_row, index) => index))
    .range([0, height])
    .padding(GAP);

  return (
    <Box ref={ref} width="100%" css={BAR_LINK_STYLES}>
      <svg width={width} height={height} aria-labelledby={titleId} data-testid="statistics-chart">
        {rows.map((row, index) => {
          const top = y(index) ?? 0;
          const bar = (
            <g transform={`translate(0, ${top})`}>
              <text x={labelWidth - 8} y={y.bandwidth() / 2} dy="0.35em" textAnchor="end" fontSize={FONT_SIZE} fill="currentColor">
                {cut(row.label, labelWidth - 10)}
              </text>
              <rect x={labelWidth} width={Math.max(1, x(row.count))} height={y.bandwidth()} rx="2" fill="var(--chakra-colors-brand-600)" />
              <text x={labelWidth + x(row.count) + 6} y={y.bandwidth() / 2} dy="0.35em" fontSize={FONT_SIZE} fill="currentColor">
                {row.count.toLocaleString('en-GB')}
              </text>
            </g>
          );
          const name = `${row.label}: ${row.count.toLocaleString('en-GB')} records`;
          if (!row.href) {
            return (
              <g key={index} role="img" aria-label={name}>
                {bar}
              </g>
            );
          }
          const href = row.href;
          return (
            <a
              key={index}
              href={href}
              aria-label={`${name}, open the search`}
              className="statistics-bar"
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                event.preventDefault();
                navigate(href);
              }}
            >
              {bar}
            </a>
          );
        })}
      </svg>
    </Box>
  );
}
