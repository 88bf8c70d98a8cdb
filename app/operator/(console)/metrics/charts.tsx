import { scaleBand, scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';

const WIDTH = 360;
const HEIGHT = 160;
const MARGIN = { top: 12, right: 8, bottom: 28, left: 32 };

/**
 * A small bar chart drawn on the server as SVG (d3-scale for the geometry; no script in the
 * browser). It scales to its container's width; the figures are also in the table beside it.
 */
export function BarChart({ title, data, format = String }: { title: string; data: { label: string; value: number }[]; format?: (value: number) => string }) {
  const x = scaleBand()
    .domain(data.map((d) => d.label))
    .range([MARGIN.left, WIDTH - MARGIN.right])
    .padding(0.2);
  const max = Math.max(1, ...data.map((d) => d.value));
  const y = scaleLinear().domain([0, max]).nice().range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const every = Math.max(1, Math.ceil(data.length / 7));
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="chart" role="img" aria-label={title}>
      {y.ticks(4).map((tick) => (
        <g key={tick}>
          <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} className="chart-grid" />
          <text x={MARGIN.left - 4} y={y(tick)} dy="0.32em" textAnchor="end" className="chart-axis">
            {format(tick)}
          </text>
        </g>
      ))}
      {data.map((d, index) => (
        <g key={d.label}>
          <rect x={x(d.label)} y={y(d.value)} width={x.bandwidth()} height={Math.max(0, y(0) - y(d.value))} className="chart-bar">
            <title>{`${d.label}: ${format(d.value)}`}</title>
          </rect>
          {index % every === 0 ? (
            <text x={(x(d.label) ?? 0) + x.bandwidth() / 2} y={HEIGHT - MARGIN.bottom + 14} textAnchor="middle" className="chart-axis">
              {d.label}
            </text>
          ) : null}
        </g>
      ))}
    </svg>
  );
}

/** A small line chart (d3-shape) of values that may be missing on some days (gaps, not zeros). */
export function LineChart({ title, data, format = String }: { title: string; data: { label: string; value: number | null }[]; format?: (value: number) => string }) {
  const x = scaleBand()
    .domain(data.map((d) => d.label))
    .range([MARGIN.left, WIDTH - MARGIN.right])
    .padding(0.2);
  const max = Math.max(1, ...data.map((d) => d.value ?? 0));
  const y = scaleLinear().domain([0, max]).nice().range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const path = line<{ label: string; value: number | null }>()
    .defined((d) => d.value !== null)
    .x((d) => (x(d.label) ?? 0) + x.bandwidth() / 2)
    .y((d) => y(d.value ?? 0))(data);
  const every = Math.max(1, Math.ceil(data.length / 7));
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="chart" role="img" aria-label={title}>
      {y.ticks(4).map((tick) => (
        <g key={tick}>
          <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} className="chart-grid" />
          <text x={MARGIN.left - 4} y={y(tick)} dy="0.32em" textAnchor="end" className="chart-axis">
            {format(tick)}
          </text>
        </g>
      ))}
      {path ? <path d={path} className="chart-line" /> : null}
      {data.map((d) =>
        d.value === null ? null : (
          <circle key={d.label} cx={(x(d.label) ?? 0) + x.bandwidth() / 2} cy={y(d.value)} r={3} className="chart-dot">
            <title>{`${d.label}: ${format(d.value)}`}</title>
          </circle>
        ),
      ).concat(
        data.map((d, index) =>
          index % every === 0 ? (
            <text key={`label-${d.label}`} x={(x(d.label) ?? 0) + x.bandwidth() / 2} y={HEIGHT - MARGIN.bottom + 14} textAnchor="middle" className="chart-axis">
              {d.label}
            </text>
          ) : null,
        ),
      )}
    </svg>
  );
}
