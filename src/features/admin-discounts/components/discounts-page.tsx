import { Badge, Button, Card, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { AdminList, ListFilter, useListState, type SearchChange } from '@/components/admin-list';
import { EmptyPanel } from '@/components/empty-panel';
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
import { mdiPlus, mdiSaleOutline } from '@mdi/js';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { discountQueries } from '../api/discount-queries';
import { DISCOUNTS_PAGE_SIZE, isFiltered, listParams, type DiscountsSearch } from '../model/discounts-search';
import { conditionsLabel, coverFull, coverLabel, scheduleLabel, stateLook } from '../model/look';
import { DiscountActions } from './discount-actions';
import { DiscountFormDialog } from './discount-form';

export interface DiscountsPageProps {
  search: DiscountsSearch;
  onSearchChange: SearchChange<DiscountsSearch>;
}

function StateBadge({ state }: { state: DiscountState }) {
  const look = stateLook(state);
  return (
    <Badge colorPalette={look.palette} variant="subtle" size="sm">
      {look.label}
    </Badge>
  );
}

/** A discount's promo code as a monospace badge with its conditions, or "Automatic" without one. */
function CodeLabel({ discount }: { discount: Discount }) {
  if (discount.code === null)
    return (
      <Text as="span" fontSize="xs" color="fg.muted">
        Automatic
      </Text>
    );
  const conditions = conditionsLabel(discount);
  return (
    <Stack gap="0.5" align="start">
      <Badge variant="outline" colorPalette="secondary" fontFamily="mono" size="sm">
        {discount.code}
      </Badge>
      {conditions ? (
        <Text fontSize="xs" color="fg.muted">
          {conditions}
        </Text>
      ) : null}
    </Stack>
  );
}

/** `/admin/{adminId}/discounts`: every discount, newest first, with its state and what it covers. */
export function DiscountsPage({ search, onSearchChange }: DiscountsPageProps) {
  const list = useQuery(discountQueries.list(listParams(search)));
  useErrorToast(list.error, 'admin-discounts-error');
  const state = useListState(search, onSearchChange, DISCOUNTS_PAGE_SIZE, list.data);
  // Which form is open: null for none, 'new' to create, else the discount being edited.
  const [editing, setEditing] = useState<Discount | 'new' | null>(null);
  const filtered = isFiltered(search);
  const create = () => setEditing('new');

  return (
    <PageFrame
      title="Discounts"
      description="Put products and categories on sale, or give shoppers a code to type, on a schedule in Nairobi time."
    >
      <AdminList
        state={state}
        onSearchChange={onSearchChange}
        label="Discounts"
        searchLabel="Search discounts"
        searchPlaceholder="Name or code"
        note="Times are Nairobi time (EAT). Redemptions count paid orders."
        pending={list.isPending}
        waiting={list.isPlaceholderData}
        emptyLabel="No discounts"
        pagerWhenPaged
        filters={
          <>
            <ListFilter
              label="State"
              value={search.state}
              all="All states"
              options={Object.entries(DISCOUNT_STATE_LABELS) as [DiscountState, string][]}
              onChange={(state) => onSearchChange({ state, page: undefined })}
            />
            {filtered ? (
              <Button
                variant="ghost"
                onClick={() => {
                  state.setText('');
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
          </>
        }
        empty={
          <EmptyPanel
            icon={mdiSaleOutline}
            title={filtered ? 'No discounts match' : 'No discounts yet'}
            description={
              filtered
                ? 'Try another name, code or state.'
                : 'Create one to put products or whole categories on sale.'
            }
          >
            {filtered ? null : (
              <Button colorPalette="primary" onClick={create}>
                Create your first discount
              </Button>
            )}
          </EmptyPanel>
        }
        head={
          <>
            <Table.ColumnHeader>Name</Table.ColumnHeader>
            <Table.ColumnHeader>Code</Table.ColumnHeader>
            <Table.ColumnHeader>Discount</Table.ColumnHeader>
            <Table.ColumnHeader>Covers</Table.ColumnHeader>
            <Table.ColumnHeader>Schedule</Table.ColumnHeader>
            <Table.ColumnHeader>State</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Redemptions</Table.ColumnHeader>
            <Table.ColumnHeader>Actions</Table.ColumnHeader>
          </>
        }
        row={(d) => (
          <Table.Row key={d.discountId}>
            <Table.Cell fontWeight="semibold" minW="32">
              {d.name}
            </Table.Cell>
            <Table.Cell minW="28" whiteSpace="normal">
              <CodeLabel discount={d} />
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{discountValueLabel(d)}</Table.Cell>
            <Table.Cell title={coverFull(d)} minW="40" whiteSpace="normal">
              <Text lineClamp={3}>{coverLabel(d)}</Text>
            </Table.Cell>
            {/* Start and end on their own lines, neither broken. */}
            <Table.Cell fontSize="xs" whiteSpace="pre">
              {scheduleLabel(d).replace(' → ', ' →\n')}
            </Table.Cell>
            <Table.Cell>
              <StateBadge state={d.state} />
            </Table.Cell>
            <Table.Cell textAlign="end">{redemptionsLabel(d)}</Table.Cell>
            <Table.Cell>
              <DiscountActions discount={d} onEdit={setEditing} />
            </Table.Cell>
          </Table.Row>
        )}
        card={(d) => (
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
                <CodeLabel discount={d} />
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
        )}
      />

      <DiscountFormDialog
        open={editing !== null}
        discount={editing === 'new' || editing === null ? null : editing}
        onClose={() => setEditing(null)}
      />
    </PageFrame>
  );
}
