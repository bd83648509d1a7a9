import { Box, Button, EmptyState, HStack, Skeleton, Stack, Text, VStack } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import {
  mdiAlertCircleOutline,
  mdiMagnifyRemoveOutline,
  mdiRefresh,
  mdiShapeOutline,
  mdiWifiOff,
} from '@mdi/js';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PopularSearches } from './popular-searches';

/** Rows in the shape of results while the first ones load. */
export function SearchResultsSkeleton() {
  return (
    <Stack
      gap="0"
      bg="bg.panel"
      rounded="l3"
      borderWidth="1px"
      shadow="xs"
      overflow="hidden"
      aria-hidden="true"
    >
      {[0, 1, 2, 3].map((i) => (
        <HStack
          key={i}
          gap="4"
          px="4"
          py="3"
          borderBottomWidth={i < 3 ? '1px' : '0'}
          borderColor="border.muted"
        >
          <Skeleton boxSize="14" rounded="l2" flexShrink={0} />
          <Stack gap="2" flex="1">
            <Skeleton h="4" w="45%" />
            <Skeleton h="3" w="90%" />
            <Skeleton h="3" w="30%" />
          </Stack>
        </HStack>
      ))}
    </Stack>
  );
}

/*
 * Not EmptyPanel: these sit in the results column under the search box, smaller, with their title as
 * the page's h2 and, for no results, suggested searches inside the panel.
 */

/** A search's "nothing to show" panel: icon, title, a sentence and what to do next. */
function SearchPanel(props: {
  icon: string;
  /** `muted` greys the icon: nothing the shopper did wrong (offline). */
  tone: 'primary' | 'muted';
  title: string;
  text: string;
  children?: ReactNode;
}) {
  const muted = props.tone === 'muted';
  return (
    <Box bg="bg.panel" rounded="l3" borderWidth="1px" shadow="xs" px="4">
      <EmptyState.Root size="md">
        <EmptyState.Content>
          <EmptyState.Indicator
            color={muted ? 'fg.muted' : 'primary.solid'}
            bg={muted ? 'bg.muted' : 'primary.subtle'}
            p="4"
            rounded="full"
          >
            <MdiIcon path={props.icon} boxSize="8" />
          </EmptyState.Indicator>
          <VStack textAlign="center" gap="1.5">
            <EmptyState.Title as="h2">{props.title}</EmptyState.Title>
            <EmptyState.Description maxW="sm">{props.text}</EmptyState.Description>
          </VStack>
          {props.children}
        </EmptyState.Content>
      </EmptyState.Root>
    </Box>
  );
}

/** Nothing matched: say so and offer a way on. */
export function NoResults({ term, onPick }: { term: string; onPick(term: string): void }) {
  const { t } = useTranslation('search');
  return (
    <SearchPanel
      icon={mdiMagnifyRemoveOutline}
      tone="primary"
      title={t('noMatch.title', { term })}
      text={t('noMatch.text')}
    >
      <Button asChild colorPalette="primary" rounded="full">
        <Link to="/">
          <MdiIcon path={mdiShapeOutline} boxSize="5" />
          {t('browseCategories')}
        </Link>
      </Button>
      <Stack gap="2" align="center" pt="2">
        <Text fontSize="sm" color="fg.muted">
          {t('noMatch.orTry')}
        </Text>
        <PopularSearches label={t('noMatch.suggested')} onPick={onPick} centred />
      </Stack>
    </SearchPanel>
  );
}

/** The search failed (the toast says why): offer to try again. */
export function SearchFailed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation(['search', 'common']);
  return (
    <Box bg="bg.panel" rounded="l3" borderWidth="1px" shadow="xs" px="4">
      <EmptyState.Root size="sm">
        <EmptyState.Content>
          <EmptyState.Indicator color="danger.fg">
            <MdiIcon path={mdiAlertCircleOutline} boxSize="8" />
          </EmptyState.Indicator>
          <VStack textAlign="center" gap="1">
            <EmptyState.Title as="h2">{t('failed.title')}</EmptyState.Title>
            <EmptyState.Description>{t('failed.text')}</EmptyState.Description>
          </VStack>
          <Button variant="outline" colorPalette="support" rounded="full" onClick={onRetry}>
            <MdiIcon path={mdiRefresh} boxSize="5" />
            {t('common:tryAgain')}
          </Button>
        </EmptyState.Content>
      </EmptyState.Root>
    </Box>
  );
}

/**
 * Offline (or the search got no answer) and none of the products the shop has already loaded
 * matches: say what was searched, and offer the server again when there is a connection.
 */
export function NothingLoaded({ term, onRetry }: { term: string; onRetry?: () => void }) {
  const { t } = useTranslation(['search', 'common']);
  return (
    <SearchPanel
      icon={mdiWifiOff}
      tone="muted"
      title={t('offline.noneTitle', { term })}
      text={t('offline.noneText')}
    >
      {onRetry ? (
        <Button variant="outline" colorPalette="support" rounded="full" onClick={onRetry}>
          <MdiIcon path={mdiRefresh} boxSize="5" />
          {t('common:tryAgain')}
        </Button>
      ) : null}
    </SearchPanel>
  );
}
