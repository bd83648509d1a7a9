import { Button, HStack, Text } from '@chakra-ui/react';
import { isLanguage, LOCALES } from '@contract/languages';
import { useTranslation } from 'react-i18next';

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
  const { t, i18n } = useTranslation();
  const locale = isLanguage(i18n.language) ? LOCALES[i18n.language] : LOCALES.en;
  return (
    <HStack as="nav" aria-label={t('pager.label')} justify="space-between" wrap="wrap" gap="3">
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {total === 0
          ? emptyLabel
          : t('pager.showing', { first, last: first + shown - 1, total: total.toLocaleString(locale) })}
      </Text>
      <HStack gap="2">
        <Button
          size="sm"
          variant="outline"
          disabled={page <= 1}
          onClick={() => onPage(page - 1 > 1 ? page - 1 : undefined)}
        >
          {t('pager.previous')}
        </Button>
        <Text fontSize="sm">{t('pager.page', { page, pages })}</Text>
        <Button
          size="sm"
          variant="outline"
          disabled={page >= pages || waiting}
          onClick={() => onPage(page + 1)}
        >
          {t('pager.next')}
        </Button>
      </HStack>
    </HStack>
  );
}
