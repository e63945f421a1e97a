/** Records per period (year or month) as columns (d3 scales, React SVG); labels thin out so they never overlap. */
import { scaleBand, scaleLinear } from 'd3-scale';
import { useElementWidth } from '../kit/useElementWidth.ts';
import { svgTextWidth } from './svg-text-width.ts';

export interface PeriodRow {
  date: string;
  count: number;
}

const HEIGHT = 220;
const AXIS = 24;
const TOP_SPACE = 18;
const LABEL_FONT_SIZE = 12;

export function PeriodChart({ rows, titleId }: { rows: PeriodRow[]; titleId: string }) {
  const { ref, width } = useElementWidth<HTMLDivElement>(600);
  // The widest label as drawn ("2015" or "2015-03").
  const labelWidth = Math.ceil(Math.max(...rows.map((row) => svgTextWidth(row.date, LABEL_FONT_SIZE)), 0));
  // Half a label's width on either side: the first and last columns of a narrow chart (months
  // on a card) are narrower than their labels, which the chart's edges cut ("14-12", "2016-").
  const x = scaleBand<string>()
    .domain(rows.map((row) => row.date))
    .range([labelWidth / 2, width - labelWidth / 2])
    .padding(0.15);
  const y = scaleLinear()
    .domain([0, Math.max(1, ...rows.map((row) => row.count))])
    .range([HEIGHT - AXIS, TOP_SPACE]);
  // A label and a gap.
  const labelSpace = labelWidth + 8;
  const labelEvery = Math.max(1, Math.ceil(labelSpace / Math.max(1, x.step())));
  const valuesFit = x.bandwidth() >= 30;
  return (
    <div ref={ref} style={{ width: '100%' }}>
      <svg width={width} height={HEIGHT} aria-labelledby={titleId} data-testid="statistics-chart">
        {rows.map((row, index) => {
          const left = x(row.date) ?? 0;
          return (
            <g key={row.date} role="img" aria-label={`${row.date}: ${row.count.toLocaleString('en-GB')} records`}>
              <rect x={left} y={y(row.count)} width={x.bandwidth()} height={HEIGHT - AXIS - y(row.count)} rx="2" fill="var(--chakra-colors-brand-600)" />
              {valuesFit && row.count > 0 ? (
                <text x={left + x.bandwidth() / 2} y={y(row.count) - 4} textAnchor="middle" fontSize="11" fill="currentColor">
                  {row.count}
                </text>
              ) : null}
              {index % labelEvery === 0 ? (
                <text x={labelCentre(left + x.bandwidth() / 2, labelWidth, width)} y={HEIGHT - 6} textAnchor="middle" fontSize={LABEL_FONT_SIZE} fill="currentColor">
                  {row.date}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </div>
  );
}

/** A label's centre, moved in as far as it takes for the label to stay whole inside the chart. */
function labelCentre(columnCentre: number, labelWidth: number, chartWidth: number): number {
  return Math.min(Math.max(columnCentre, labelWidth / 2), chartWidth - labelWidth / 2);
}
