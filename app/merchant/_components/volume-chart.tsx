import { scaleBand, scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';

export interface ChartDay {
  day: string;
  orders: number;
  volume: string;
}

const WIDTH = 320;
const HEIGHT = 96;
const PAD = { top: 6, right: 4, bottom: 16, left: 4 };

/**
 * A small chart drawn on the server (d3-scale for the axes' arithmetic, d3-shape for the path):
 * bars of the completed volume per day, a line of the orders created. Plain SVG, no script sent to
 * the browser. The volume is read as a number only to place a bar, never to count money.
 */
export function VolumeChart({ days, label }: { days: ChartDay[]; label: string }) {
  const x = scaleBand<string>()
    .domain(days.map((d) => d.day))
    .range([PAD.left, WIDTH - PAD.right])
    .padding(0.2);
  const maxVolume = Math.max(1, ...days.map((d) => Number(d.volume)));
  const maxOrders = Math.max(1, ...days.map((d) => d.orders));
  const y = scaleLinear().domain([0, maxVolume]).range([HEIGHT - PAD.bottom, PAD.top]);
  const yOrders = scaleLinear().domain([0, maxOrders]).range([HEIGHT - PAD.bottom, PAD.top]);
  const ordersPath = line<ChartDay>()
    .x((d) => (x(d.day) ?? 0) + x.bandwidth() / 2)
    .y((d) => yOrders(d.orders))(days);
  const first = days[0]?.day ?? '';
  const last = days[days.length - 1]?.day ?? '';
  return (
    <svg className="chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} preserveAspectRatio="none">
      <title>{label}</title>
      {days.map((d) => (
        <rect key={d.day} className="chart-bar" x={x(d.day)} width={x.bandwidth()} y={y(Number(d.volume))} height={HEIGHT - PAD.bottom - y(Number(d.volume))} />
      ))}
      {ordersPath ? <path className="chart-line" d={ordersPath} fill="none" /> : null}
      <line className="chart-axis" x1={PAD.left} x2={WIDTH - PAD.right} y1={HEIGHT - PAD.bottom} y2={HEIGHT - PAD.bottom} />
      <text className="chart-text" x={PAD.left} y={HEIGHT - 3}>
        {first.slice(5)}
      </text>
      <text className="chart-text" x={WIDTH - PAD.right} y={HEIGHT - 3} textAnchor="end">
        {last.slice(5)}
      </text>
    </svg>
  );
}
