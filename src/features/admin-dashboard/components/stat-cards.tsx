import { Badge, Card, HStack, SimpleGrid, Stat, Text } from '@chakra-ui/react';
import { formatKsh } from '@/lib/format';
import type { AdminDashboard, DashboardPeriod } from '@contract/dashboard';

const PERIODS = [
  { key: 'today', label: 'Today', before: 'yesterday' },
  { key: 'last7Days', label: 'Last 7 days', before: 'the 7 days before' },
  { key: 'last30Days', label: 'Last 30 days', before: 'the 30 days before' },
] as const;

/** `▲ 12.5%`, `▼ 3%` or `new` (nothing before to compare with). */
function Change({ value, before }: { value: number | null; before: string }) {
  if (value === null)
    return (
      <Badge colorPalette="gray" variant="subtle">
        nothing {before}
      </Badge>
    );
  const up = value >= 0;
  const text = `${up ? '▲' : '▼'} ${Math.abs(value).toLocaleString('en-KE')}%`;
  return (
    <Badge
      colorPalette={value > 0 ? 'green' : value < 0 ? 'red' : 'gray'}
      variant="subtle"
      aria-label={`${up ? 'up' : 'down'} ${Math.abs(value)}% on ${before}`}
    >
      {text}
    </Badge>
  );
}

/** A role that may not see the period's takings gets its paid orders alone. */
function OrdersOnlyCard({
  label,
  before,
  period,
}: {
  label: string;
  before: string;
  period: DashboardPeriod;
}) {
  return (
    <Card.Root variant="outline" role="group" aria-label={label}>
      <Card.Body gap="3">
        <Stat.Root asChild>
          <div>
            <Stat.Label asChild>
              <p>Paid orders, {label.toLowerCase()}</p>
            </Stat.Label>
            <HStack gap="2" wrap="wrap">
              <Stat.ValueText asChild data-testid="paid-orders">
                <p>{period.orders.toLocaleString('en-KE')}</p>
              </Stat.ValueText>
              <Change value={period.ordersChange} before={before} />
            </HStack>
            <Stat.HelpText>
              {period.previousOrders.toLocaleString('en-KE')} {before}
            </Stat.HelpText>
          </div>
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}

function PeriodCard({ label, before, period }: { label: string; before: string; period: DashboardPeriod }) {
  if (period.revenue === null || period.previousRevenue === null)
    return <OrdersOnlyCard label={label} before={before} period={period} />;
  return (
    <Card.Root variant="outline" role="group" aria-label={label}>
      <Card.Body gap="3">
        {/* Chakra's Stat is a <dl> whose help text and badge would sit outside any <dt>/<dd>, which
            screen readers announce as a broken list; plain elements keep its look and the reading order. */}
        <Stat.Root asChild>
          <div>
            <Stat.Label asChild>
              <p>Revenue, {label.toLowerCase()}</p>
            </Stat.Label>
            <HStack gap="2" wrap="wrap">
              <Stat.ValueText asChild data-testid="revenue">
                <p>{formatKsh(period.revenue)}</p>
              </Stat.ValueText>
              <Change value={period.revenueChange} before={before} />
            </HStack>
            <Stat.HelpText>
              {formatKsh(period.previousRevenue)} {before}
            </Stat.HelpText>
          </div>
        </Stat.Root>
        <HStack justify="space-between" gap="2" wrap="wrap">
          <Text fontSize="sm">
            <Text as="span" fontWeight="semibold" data-testid="paid-orders">
              {period.orders.toLocaleString('en-KE')}
            </Text>{' '}
            paid {period.orders === 1 ? 'order' : 'orders'}
          </Text>
          <Change value={period.ordersChange} before={before} />
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * Revenue and paid orders for today, 7 and 30 days, each against the period before; paid orders alone
 * where the role may not see the takings (the answer has no figure for them).
 */
export function StatCards({ periods }: { periods: AdminDashboard['periods'] }) {
  return (
    <SimpleGrid as="section" aria-label="Sales" columns={{ base: 1, md: 3 }} gap="4">
      {PERIODS.map((p) => (
        <PeriodCard key={p.key} label={p.label} before={p.before} period={periods[p.key]} />
      ))}
    </SimpleGrid>
  );
}
