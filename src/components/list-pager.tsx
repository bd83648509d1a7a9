import { Button, HStack, Text } from '@chakra-ui/react';

interface ListPagerProps {
  /** 1-based page shown, and how many pages there are. */
  page: number;
  pages: number;
  /** Rows in the whole list, and on this page. */
  total: number;
  shown: number;
  /** Offset of the first row shown, 1-based. */
  first: number;
  /** What the count says when the list is empty, e.g. "No orders". */
  emptyLabel: string;
  /** True while the next page's answer is still the previous one (placeholder data). */
  waiting?: boolean;
  /** Goes to a page; `undefined` for the first, so the address stays clean. */
  onPage(page: number | undefined): void;
}

/** The back office's server-paged list footer: where the rows stand, Previous page, Next page. */
export function ListPager({ page, pages, total, shown, first, emptyLabel, waiting, onPage }: ListPagerProps) {
  return (
    <HStack as="nav" aria-label="Pages" justify="space-between" wrap="wrap" gap="3">
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {total === 0
          ? emptyLabel
          : `Showing ${first}–${first + shown - 1} of ${total.toLocaleString('en-KE')}`}
      </Text>
      <HStack gap="2">
        <Button
          size="sm"
          variant="outline"
          disabled={page <= 1}
          onClick={() => onPage(page - 1 > 1 ? page - 1 : undefined)}
        >
          Previous page
        </Button>
        <Text fontSize="sm">
          Page {page} of {pages}
        </Text>
        <Button
          size="sm"
          variant="outline"
          disabled={page >= pages || waiting}
          onClick={() => onPage(page + 1)}
        >
          Next page
        </Button>
      </HStack>
    </HStack>
  );
}
