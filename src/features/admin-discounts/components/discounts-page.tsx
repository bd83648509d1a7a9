import {
  Badge,
  Button,
  Card,
  HStack,
  Input,
  InputGroup,
  NativeSelect,
  Skeleton,
  Stack,
  Table,
  Text,
  useBreakpointValue,
  Wrap,
} from '@chakra-ui/react';
import { EmptyPanel } from '@/components/empty-panel';
import { ListPager } from '@/components/list-pager';
import { PageFrame } from '@/components/layout/page-frame';
import { MdiIcon } from '@/components/mdi-icon';
import { useErrorToast } from '@/lib/use-error-toast';
import {
  DISCOUNT_STATE_LABELS,
  discountValueLabel,
  redemptionsLabel,
  type Discount,
  type DiscountState,
} from '@contract/discounts';
import { mdiMagnify, mdiPlus, mdiSaleOutline } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { discountQueries } from '../api/discount-queries';
import { DISCOUNTS_PAGE_SIZE, isFiltered, listParams, type DiscountsSearch } from '../model/discounts-search';
import { coverFull, coverLabel, scheduleLabel, stateLook } from '../model/look';
import { DiscountActions } from './discount-actions';
import { DiscountFormDialog } from './discount-form';

export interface DiscountsPageProps {
  search: DiscountsSearch;
  /** Merges into the URL's search params; `replace` for typing, so history holds searches, not letters. */
  onSearchChange: (change: Partial<DiscountsSearch>, options?: { replace?: boolean }) => void;
}

const SEARCH_DELAY_MS = 300;

function StateBadge({ state }: { state: DiscountState }) {
  const look = stateLook(state);
  return (
    <Badge colorPalette={look.palette} variant="subtle" size="sm">
      {look.label}
    </Badge>
  );
}

/** `/admin/{adminId}/discounts`: every discount, newest first, with its state and what it covers. */
export function DiscountsPage({ search, onSearchChange }: DiscountsPageProps) {
  const list = useQuery(discountQueries.list(listParams(search)));
  useErrorToast(list.error, 'admin-discounts-error');
  const layout = useBreakpointValue({ base: 'cards', md: 'table' } as const, { ssr: false }) ?? 'cards';
  // Which form is open: null for none, 'new' to create, else the discount being edited.
  const [editing, setEditing] = useState<Discount | 'new' | null>(null);

  // The search box types freely; the URL (and the request) follow once typing pauses.
  const [text, setText] = useState(search.q ?? '');
  const [shownQ, setShownQ] = useState(search.q);
  if (shownQ !== search.q) {
    setShownQ(search.q);
    setText(search.q ?? '');
  }
  useEffect(() => {
    if (text.trim() === (search.q ?? '').trim()) return;
    const timer = setTimeout(() => {
      const q = text.trim() || undefined;
      setShownQ(q);
      onSearchChange({ q, page: undefined }, { replace: true });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, search.q, onSearchChange]);

  const page = search.page ?? 1;
  const total = list.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / DISCOUNTS_PAGE_SIZE));
  const rows = list.data?.data ?? [];
  const first = total === 0 ? 0 : (page - 1) * DISCOUNTS_PAGE_SIZE + 1;
  const filtered = isFiltered(search);
  const create = () => setEditing('new');

  return (
    <PageFrame
      title="Discounts"
      description="Put products and categories on sale, on a schedule, in Nairobi time."
    >
      <Stack gap="4">
        <Wrap gap="3" align="end">
          <InputGroup flex="1" minW={{ base: 'full', md: '64' }} startElement={<MdiIcon path={mdiMagnify} />}>
            <Input
              type="search"
              aria-label="Search discounts"
              placeholder="Discount name"
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          </InputGroup>
          <NativeSelect.Root size="md" width={{ base: 'full', sm: '44' }}>
            <NativeSelect.Field
              aria-label="State"
              value={search.state ?? ''}
              onChange={(e) =>
                onSearchChange({
                  state: (e.target.value || undefined) as DiscountState | undefined,
                  page: undefined,
                })
              }
            >
              <option value="">All states</option>
              {Object.entries(DISCOUNT_STATE_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {filtered ? (
            <Button
              variant="ghost"
              onClick={() => {
                setText('');
                onSearchChange({ state: undefined, q: undefined, page: undefined });
              }}
            >
              Clear filters
            </Button>
          ) : null}
          <Button
            colorPalette="primary"
            onClick={create}
            width={{ base: 'full', sm: 'auto' }}
            ms={{ sm: 'auto' }}
          >
            <MdiIcon path={mdiPlus} />
            Create discount
          </Button>
        </Wrap>
        <Text fontSize="xs" color="fg.muted">
          Times are Nairobi time (EAT). Redemptions count paid orders.
        </Text>

        {list.isPending ? (
          <Stack gap="2" aria-busy="true" aria-label="Loading discounts">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} height="12" rounded="l2" />
            ))}
          </Stack>
        ) : rows.length === 0 ? (
          <EmptyPanel
            icon={mdiSaleOutline}
            title={filtered ? 'No discounts match' : 'No discounts yet'}
            description={
              filtered
                ? 'Try another name or state.'
                : 'Create one to put products or whole categories on sale.'
            }
          >
            {filtered ? null : (
              <Button colorPalette="primary" onClick={create}>
                Create your first discount
              </Button>
            )}
          </EmptyPanel>
        ) : layout === 'table' ? (
          <Table.ScrollArea borderWidth="1px" rounded="l2" bg="bg" opacity={list.isPlaceholderData ? 0.6 : 1}>
            <Table.Root size="sm" aria-label="Discounts">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Name</Table.ColumnHeader>
                  <Table.ColumnHeader>Discount</Table.ColumnHeader>
                  <Table.ColumnHeader>Covers</Table.ColumnHeader>
                  <Table.ColumnHeader>Schedule</Table.ColumnHeader>
                  <Table.ColumnHeader>State</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Redemptions</Table.ColumnHeader>
                  <Table.ColumnHeader>Actions</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((d) => (
                  <Table.Row key={d.discountId}>
                    <Table.Cell fontWeight="semibold">{d.name}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{discountValueLabel(d)}</Table.Cell>
                    <Table.Cell title={coverFull(d)} maxW="64">
                      {coverLabel(d)}
                    </Table.Cell>
                    <Table.Cell fontSize="xs">{scheduleLabel(d)}</Table.Cell>
                    <Table.Cell>
                      <StateBadge state={d.state} />
                    </Table.Cell>
                    <Table.Cell textAlign="end">{redemptionsLabel(d)}</Table.Cell>
                    <Table.Cell>
                      <DiscountActions discount={d} onEdit={setEditing} />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        ) : (
          <Stack as="ul" aria-label="Discounts" gap="3" opacity={list.isPlaceholderData ? 0.6 : 1}>
            {rows.map((d) => (
              <Card.Root as="li" key={d.discountId} size="sm" listStyleType="none">
                <Card.Body>
                  <Stack gap="1.5">
                    <HStack justify="space-between" gap="3" align="start">
                      <Text fontWeight="semibold">{d.name}</Text>
                      <StateBadge state={d.state} />
                    </HStack>
                    <Text fontSize="sm">
                      {discountValueLabel(d)} · {coverLabel(d)}
                    </Text>
                    <Text fontSize="xs" color="fg.muted">
                      {scheduleLabel(d)}
                    </Text>
                    <Text fontSize="xs" color="fg.muted">
                      Redemptions: {redemptionsLabel(d)}
                    </Text>
                    <DiscountActions discount={d} onEdit={setEditing} />
                  </Stack>
                </Card.Body>
              </Card.Root>
            ))}
          </Stack>
        )}

        {total > DISCOUNTS_PAGE_SIZE || page > 1 ? (
          <ListPager
            page={page}
            pages={pages}
            total={total}
            shown={rows.length}
            first={first}
            emptyLabel="No discounts"
            waiting={list.isPlaceholderData}
            onPage={(p) => onSearchChange({ page: p })}
          />
        ) : null}
      </Stack>

      <DiscountFormDialog
        open={editing !== null}
        discount={editing === 'new' || editing === null ? null : editing}
        onClose={() => setEditing(null)}
      />
    </PageFrame>
  );
}
