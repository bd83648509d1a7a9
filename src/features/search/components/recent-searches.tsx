import { Box, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import { mdiArrowTopLeft, mdiClose, mdiHistory } from '@mdi/js';
import { useTranslation } from 'react-i18next';
import { clearRecentSearches, forgetSearch } from '../stores/recent-searches-store';

/** The shopper's recent searches on this device, offered while the box is empty. */
export function RecentSearches({ terms, onPick }: { terms: string[]; onPick(term: string): void }) {
  const { t } = useTranslation('search');
  return (
    <Stack as="section" gap="2" aria-labelledby="recent-searches-heading">
      <HStack justify="space-between">
        <Text as="h2" id="recent-searches-heading" fontWeight="semibold" fontSize="md">
          {t('recent.title')}
        </Text>
        <Button
          variant="plain"
          size="sm"
          colorPalette="primary"
          color="primary.fg"
          px="1"
          aria-label={t('recent.clearLabel')}
          onClick={clearRecentSearches}
        >
          {t('recent.clear')}
        </Button>
      </HStack>
      <Box
        as="ul"
        listStyleType="none"
        bg="bg.panel"
        rounded="l3"
        borderWidth="1px"
        shadow="xs"
        overflow="hidden"
      >
        {terms.map((term) => (
          <HStack
            as="li"
            key={term}
            gap="0"
            borderBottomWidth="1px"
            borderColor="border.muted"
            _last={{ borderBottomWidth: '0' }}
          >
            <Button
              variant="ghost"
              colorPalette="support"
              flex="1"
              minW="0"
              justifyContent="flex-start"
              h="12"
              ps="4"
              rounded="none"
              fontWeight="normal"
              aria-label={t('recent.searchFor', { term })}
              onClick={() => onPick(term)}
            >
              <MdiIcon path={mdiHistory} boxSize="5" color="fg.subtle" />
              <Text as="span" truncate>
                {term}
              </Text>
              <MdiIcon path={mdiArrowTopLeft} boxSize="4" color="fg.subtle" ms="auto" />
            </Button>
            <IconButton
              variant="ghost"
              colorPalette="support"
              color="fg.muted"
              rounded="none"
              h="12"
              w="12"
              aria-label={t('recent.remove', { term })}
              onClick={() => forgetSearch(term)}
            >
              <MdiIcon path={mdiClose} boxSize="4" />
            </IconButton>
          </HStack>
        ))}
      </Box>
    </Stack>
  );
}
