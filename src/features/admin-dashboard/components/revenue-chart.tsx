import { Chart, useChart } from '@chakra-ui/charts';
import { formatKsh } from '@/lib/format';
import type { DashboardDay } from '@contract/dashboard';
import { Area, AreaChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCompact, formatDay } from './format';

/** The last 30 days' paid revenue; loaded only by the dashboard (recharts is heavy). */
export default function RevenueChart({ days }: { days: readonly DashboardDay[] }) {
  const chart = useChart({
    data: days.map((d) => ({ day: formatDay(d.date), revenue: d.revenue, orders: d.orders })),
    series: [{ name: 'revenue', label: 'Revenue', color: 'primary.solid' }],
  });
  return (
    <Chart.Root maxH="72" chart={chart}>
      {/* `responsive`: recharts 3.3+ draws nothing without a size (an empty wrapper, no message);
          Chakra's Chart.Root gives the box its size and the chart follows it. */}
      <AreaChart responsive data={chart.data} margin={{ left: 8, right: 8 }}>
        <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
        <XAxis dataKey={chart.key('day')} tickLine={false} axisLine={false} minTickGap={24} />
        <YAxis tickLine={false} axisLine={false} tickFormatter={(v: number) => formatCompact(v)} width={48} />
        <Tooltip
          cursor={{ stroke: chart.color('border') }}
          animationDuration={100}
          content={<Chart.Tooltip formatter={(value) => formatKsh(Number(value))} />}
        />
        {chart.series.map((s) => (
          <Area
            key={s.name}
            isAnimationActive={false}
            dataKey={chart.key(s.name)}
            type="monotone"
            stroke={chart.color(s.color)}
            fill={chart.color(s.color)}
            fillOpacity={0.2}
            strokeWidth={2}
          />
        ))}
      </AreaChart>
    </Chart.Root>
  );
}
