/**
 * Horizontal bars with d3 scales, drawn by React as SVG. Each bar is a link to the search that
 * lists its records (keyboard-focusable, named by its label and count: "Genomics 120"); a label
 * too long for its column ends with "…" after its last whole word that fits, and is whole in
 * the bar's tooltip, in the link's name and in the table alternative.
 */
import { Box } from '@chakra-ui/react';
import { scaleBand, scaleLinear } from 'd3-scale';
import { useNavigate } from 'react-router';
import { fittedLabel } from './statistics-charts.ts';
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
let measuringText: SVGTextElement | null = null;

/**
 * Width of a label as the chart draws it, measured by an off-screen SVG text of the same size
 * (a canvas measure of the same font came out a fifth narrower than the SVG drew it).
 */
function textWidth(text: string): number {
  if (!measuringText) {
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('aria-hidden', 'true');
    svg.style.cssText = 'position:absolute;width:0;height:0;overflow:hidden;visibility:hidden';
    measuringText = document.createElementNS('http://www.w3.org/2000/svg', 'text');
    measuringText.setAttribute('font-size', String(FONT_SIZE));
    svg.appendChild(measuringText);
    document.body.appendChild(svg);
  }
  measuringText.textContent = text;
  return measuringText.getComputedTextLength();
}

export function BarChart({ rows, titleId }: { rows: BarRow[]; titleId: string }) {
  const { ref, width } = useElementWidth<HTMLDivElement>(600);
  const navigate = useNavigate();
  const labelWidth = Math.min(220, Math.round(width * 0.38));
  const height = rows.length * BAR_HEIGHT;
  const shownLabels = rows.map((row) => fittedLabel(row.label, labelWidth - 10, textWidth));
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
          const count = row.count.toLocaleString('en-GB');
          const bar = (
            <g transform={`translate(0, ${top})`}>
              <title>{row.label}</title>
              <text x={labelWidth - 8} y={y.bandwidth() / 2} dy="0.35em" textAnchor="end" fontSize={FONT_SIZE} fill="currentColor" data-bar-label="">
                {shownLabels[index]}
              </text>
              <rect x={labelWidth} width={Math.max(1, x(row.count))} height={y.bandwidth()} rx="2" fill="var(--chakra-colors-brand-600)" />
              <text x={labelWidth + x(row.count) + 6} y={y.bandwidth() / 2} dy="0.35em" fontSize={FONT_SIZE} fill="currentColor">
                {count}
              </text>
            </g>
          );
          if (!row.href) return <g key={index}>{bar}</g>;
          const href = row.href;
          return (
            <a
              key={index}
              href={href}
              className="statistics-bar"
              aria-label={`${row.label} ${count}`}
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
