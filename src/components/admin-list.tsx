import {
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
import { useMatch, useNavigate, useRouter } from '@tanstack/react-router';
import { mdiMagnify } from '@mdi/js';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { ListPager } from './list-pager';
import { MdiIcon } from './mdi-icon';

/*
 * What every back-office list shares (products, orders, discounts, customers): its state in the URL, a search box that follows the URL once typing pauses, server paging,
 * and a table on wide screens that becomes cards on phones.
 */

/** The part of a list's URL state every list has. */
interface ListSearch {
  q?: string;
  /** 1-based. */
  page?: number;
}

/** Merges into the URL's search params; `replace` for typing, so history holds searches, not letters. */
export type SearchChange<S> = (change: Partial<S>, options?: { replace?: boolean }) => void;

const SEARCH_DELAY_MS = 300;
const trimSlash = (path: string) => path.replace(/\/+$/, '');

/**
 * The route's `onSearchChange`. The search box sends its text once typing pauses; by then the admin
 * may have followed a link elsewhere whose page is still loading (this one stays on screen meanwhile):
 * that navigation wins, rather than this one pulling them back.
 */
export function useListNavigate<S>(): SearchChange<S> {
  const router = useRouter();
  const navigate = useNavigate();
  // This page's own address, not where a pending navigation is heading.
  const here = useMatch({ strict: false, select: (m) => trimSlash(m.pathname) });
  return useCallback(
    (change, options) => {
      if (trimSlash(router.latestLocation.pathname) !== here) return;
      void navigate({
        to: '.',
        search: ((prev: Record<string, unknown>) => ({ ...prev, ...change })) as never,
        replace: options?.replace,
      });
    },
    [navigate, router, here],
  );
}

/** A page of rows as the list calls answer it. */
interface ListAnswer<T> {
  data: T[];
  meta: { total: number };
}

interface ListState<T> {
  /** The search box's text, ahead of the URL while typing. */
  text: string;
  setText(text: string): void;
  page: number;
  pages: number;
  total: number;
  rows: T[];
  /** Offset of the first row shown, 1-based (0 when empty). */
  first: number;
  layout: 'table' | 'cards';
}

/** A list's state: the search box (debounced into the URL), the page figures and table or cards. */
export function useListState<T, S extends ListSearch>(
  search: S,
  onSearchChange: SearchChange<S>,
  pageSize: number,
  answer: ListAnswer<T> | undefined,
): ListState<T> {
  const layout = useBreakpointValue({ base: 'cards', md: 'table' } as const, { ssr: false }) ?? 'cards';
  // The search box types freely; the URL (and the request) follow once typing pauses.
  const [text, setText] = useState(search.q ?? '');
  const [shownQ, setShownQ] = useState(search.q);
  if (shownQ !== search.q) {
    // Back/forward changed the URL: the box follows it.
    setShownQ(search.q);
    setText(search.q ?? '');
  }
  useEffect(() => {
    if (text.trim() === (search.q ?? '').trim()) return;
    const timer = setTimeout(() => {
      const q = text.trim() || undefined;
      setShownQ(q);
      onSearchChange({ q, page: undefined } as Partial<S>, { replace: true });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, search.q, onSearchChange]);

  const page = search.page ?? 1;
  const total = answer?.meta.total ?? 0;
  return {
    text,
    setText,
    page,
    pages: Math.max(1, Math.ceil(total / pageSize)),
    total,
    rows: answer?.data ?? [],
    first: total === 0 ? 0 : (page - 1) * pageSize + 1,
    layout,
  };
}

interface AdminListProps<T> {
  state: ListState<T>;
  onSearchChange: SearchChange<ListSearch>;
  /** The list's accessible name, e.g. "Orders": the table's and the cards'. */
  label: string;
  /** The search box's name and placeholder. */
  searchLabel: string;
  searchPlaceholder: string;
  /** The filters and buttons after the search box. */
  filters?: ReactNode;
  /** A line under the filters, e.g. which time zone. */
  note?: ReactNode;
  pending: boolean;
  /** True while the next page's answer is still the previous one. */
  waiting: boolean;
  /** What shows for no rows. */
  empty: ReactNode;
  /** The table's header cells, then one row per item. */
  head: ReactNode;
  row(item: T): ReactNode;
  /** One card (an `li`) per item, on phones. */
  card(item: T): ReactNode;
  /** Whether the rows are links to click (hover highlight). */
  interactive?: boolean;
  /** The pager's text for an empty list, e.g. "No orders". */
  emptyLabel: string;
  /** Show the pager only when there is more than one page. */
  pagerWhenPaged?: boolean;
}

/** A back-office list: search and filters, then a table (cards on phones), then the pager. */
export function AdminList<T>(props: AdminListProps<T>) {
  const { state, onSearchChange, label, waiting } = props;
  const opacity = waiting ? 0.6 : 1;
  return (
    <Stack gap="4">
      <Wrap gap="3" align="end">
        <InputGroup flex="1" minW={{ base: 'full', md: '64' }} startElement={<MdiIcon path={mdiMagnify} />}>
          <Input
            type="search"
            aria-label={props.searchLabel}
            placeholder={props.searchPlaceholder}
            value={state.text}
            onChange={(e) => state.setText(e.target.value)}
          />
        </InputGroup>
        {props.filters}
      </Wrap>
      {props.note ? (
        <Text fontSize="xs" color="fg.muted">
          {props.note}
        </Text>
      ) : null}

      {props.pending ? (
        <Stack gap="2" aria-busy="true" aria-label={`Loading ${label.toLowerCase()}`}>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} height="12" rounded="l2" />
          ))}
        </Stack>
      ) : state.rows.length === 0 ? (
        props.empty
      ) : state.layout === 'table' ? (
        <Table.ScrollArea borderWidth="1px" rounded="l2" bg="bg" opacity={opacity}>
          <Table.Root size="sm" interactive={props.interactive} aria-label={label}>
            <Table.Header>
              <Table.Row>{props.head}</Table.Row>
            </Table.Header>
            <Table.Body>{state.rows.map(props.row)}</Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      ) : (
        <Stack as="ul" aria-label={label} gap="3" opacity={opacity}>
          {state.rows.map(props.card)}
        </Stack>
      )}

      {!props.pagerWhenPaged || state.total > state.rows.length || state.page > 1 ? (
        <ListPager
          page={state.page}
          pages={state.pages}
          total={state.total}
          shown={state.rows.length}
          first={state.first}
          emptyLabel={props.emptyLabel}
          waiting={waiting}
          onPage={(page) => onSearchChange({ page })}
        />
      ) : null}
    </Stack>
  );
}

interface ListFilterProps<V extends string> {
  /** The select's accessible name ("State", "Payment"…). */
  label: string;
  value: V | undefined;
  /** The option that filters nothing (value ""), e.g. "All states"; none when a value is always set. */
  all?: string;
  options: readonly (readonly [value: V, label: string])[];
  onChange: (value: V | undefined) => void;
  /** The width from the small breakpoint on (full width on a phone). */
  width?: string;
}

/** One filter of an admin list: a labelled native select whose empty choice means "all". */
export function ListFilter<V extends string>({
  label,
  value,
  all,
  options,
  onChange,
  width = '44',
}: ListFilterProps<V>) {
  return (
    <NativeSelect.Root size="md" width={{ base: 'full', sm: width }}>
      <NativeSelect.Field
        aria-label={label}
        value={value ?? ''}
        onChange={(e) => onChange((e.target.value || undefined) as V | undefined)}
      >
        {all !== undefined && <option value="">{all}</option>}
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
