import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import { mdiChevronRight, mdiShapeOutline, mdiTrendingUp } from '@mdi/js';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useRecentSearches } from '../stores/recent-searches-store';
import { PopularSearches } from './popular-searches';
import { RecentSearches } from './recent-searches';

/** What the page offers while the box is empty: recent searches, popular ones, the categories. */
export function SearchStart({ onPick }: { onPick(term: string): void }) {
  const { t } = useTranslation('search');
  const recent = useRecentSearches();
  return (
    <Stack gap="7">
      {recent.length ? <RecentSearches terms={recent} onPick={onPick} /> : null}
      <Stack as="section" gap="3" aria-labelledby="popular-searches-heading">
        <HStack as="h2" id="popular-searches-heading" gap="1.5" fontWeight="semibold" fontSize="md">
          <MdiIcon path={mdiTrendingUp} boxSize="5" color="primary.solid" />
          {t('popular')}
        </HStack>
        <PopularSearches label={t('popular')} onPick={onPick} />
      </Stack>
      <Button
        asChild
        variant="outline"
        colorPalette="support"
        bg="bg.panel"
        borderColor="border.emphasized"
        shadow="xs"
        h="auto"
        py="3"
        px="4"
        rounded="l3"
        justifyContent="flex-start"
      >
        <Link to="/">
          <HStack gap="3" w="full">
            <MdiIcon path={mdiShapeOutline} boxSize="6" color="primary.solid" />
            <Stack gap="0" align="flex-start" flex="1" minW="0">
              <Text fontWeight="semibold">{t('browseCategories')}</Text>
              <Text fontSize="sm" color="fg.muted" fontWeight="normal">
                {t('browseCategoriesText')}
              </Text>
            </Stack>
            <MdiIcon path={mdiChevronRight} boxSize="5" color="fg.subtle" />
          </HStack>
        </Link>
      </Button>
    </Stack>
  );
}
