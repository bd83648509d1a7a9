import { Badge, Box, Center, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import type { SearchResult } from '@contract/search';
import { mdiChevronRight, mdiImageOffOutline } from '@mdi/js';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { HighlightedText } from './highlighted-text';

/** The DOM id of a result's option, for `aria-activedescendant`. */
export const resultOptionId = (listId: string, result: SearchResult) => `${listId}-${result.id}`;

export interface SearchResultListProps {
  id: string;
  results: SearchResult[];
  /** The query the results are for, to mark its words. */
  query: string;
  activeId: string | null;
  /** Older results shown while the next ones load. */
  stale: boolean;
  onActivate(resultId: string): void;
  onOpen(result: SearchResult): void;
}

/**
 * The results as a listbox driven from the search box (arrow keys move the highlight, Enter opens
 * it), each with its picture, name, description and whether it can be bought now.
 */
export function SearchResultList({
  id,
  results,
  query,
  activeId,
  stale,
  onActivate,
  onOpen,
}: SearchResultListProps) {
  const { t } = useTranslation('search');
  useEffect(() => {
    if (!activeId) return;
    document.getElementById(`${id}-${activeId}`)?.scrollIntoView({ block: 'nearest' });
  }, [id, activeId]);

  return (
    <Box
      as="ul"
      id={id}
      role="listbox"
      aria-label={t('resultsLabel')}
      aria-busy={stale || undefined}
      bg="bg.panel"
      rounded={{ base: 'l2', sm: 'l3' }}
      borderWidth="1px"
      shadow="xs"
      overflow="hidden"
      opacity={stale ? 0.6 : 1}
      transition="opacity 150ms ease-out"
      listStyleType="none"
    >
      {results.map((result) => {
        const optionId = resultOptionId(id, result);
        const active = result.id === activeId;
        const picture = result.Images[0]?.url;
        return (
          <Box
            as="li"
            key={result.id}
            id={optionId}
            role="option"
            aria-selected={active}
            // The option is named by all it shows, in reading order: a speech-input user says any of
            // it, and WCAG 2.5.3 wants the visible text inside the name (the product's name first).
            aria-labelledby={[
              `${optionId}-name`,
              result.available ? null : `${optionId}-flag`,
              `${optionId}-about`,
              result.category ? `${optionId}-category` : null,
            ]
              .filter(Boolean)
              .join(' ')}
            data-ripple
            cursor="pointer"
            px={{ base: '3', sm: '4' }}
            py="3"
            borderBottomWidth="1px"
            borderColor="border.muted"
            _last={{ borderBottomWidth: '0' }}
            bg={active ? 'primary.50' : undefined}
            boxShadow={active ? 'inset 3px 0 0 var(--chakra-colors-primary-solid)' : undefined}
            _hover={{ bg: active ? 'primary.50' : 'bg.muted' }}
            transition="background 120ms"
            onMouseMove={() => {
              if (!active) onActivate(result.id);
            }}
            onClick={() => onOpen(result)}
          >
            <HStack gap={{ base: '3', sm: '4' }} align="center">
              <Box
                flexShrink={0}
                boxSize={{ base: '14', sm: '16' }}
                rounded="l2"
                overflow="hidden"
                bg="bg.muted"
              >
                {picture ? (
                  <Image
                    src={picture}
                    alt=""
                    htmlWidth={64}
                    htmlHeight={64}
                    loading="lazy"
                    decoding="async"
                    w="full"
                    h="full"
                    fit="cover"
                    filter={result.available ? undefined : 'grayscale(0.8)'}
                  />
                ) : (
                  <Center h="full" color="fg.subtle">
                    <MdiIcon path={mdiImageOffOutline} boxSize="6" />
                  </Center>
                )}
              </Box>
              <Stack gap="0.5" flex="1" minW="0">
                <HStack gap="2" minW="0">
                  <Text id={`${optionId}-name`} fontWeight="semibold" lineClamp={1} minW="0">
                    <HighlightedText text={result.name} query={query} />
                  </Text>{' '}
                  {result.available ? null : (
                    <Badge
                      id={`${optionId}-flag`}
                      colorPalette="danger"
                      variant="subtle"
                      size="sm"
                      flexShrink={0}
                    >
                      {t('unavailable')}
                    </Badge>
                  )}
                </HStack>
                {/* Spaces between the lines (a flex column draws none): text read without the layout,
                    as axe's label-in-name check does, would otherwise run "Garlic" into "Whole…". */}{' '}
                <Text id={`${optionId}-about`} fontSize="sm" color="fg.muted" lineClamp={2}>
                  {result.description}
                </Text>{' '}
                {result.category ? (
                  <Text
                    id={`${optionId}-category`}
                    fontSize="xs"
                    color="secondary.fg"
                    fontWeight="medium"
                    lineClamp={1}
                  >
                    {result.category}
                  </Text>
                ) : null}
              </Stack>
              <MdiIcon
                path={mdiChevronRight}
                boxSize="5"
                color={active ? 'primary.fg' : 'fg.subtle'}
                flexShrink={0}
              />
            </HStack>
          </Box>
        );
      })}
    </Box>
  );
}
