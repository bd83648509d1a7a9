import { Box, Container, HStack, IconButton, Input, InputGroup } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import { mdiArrowLeft, mdiClose, mdiMagnify } from '@mdi/js';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { SEARCH_TERM_MAX } from '../model/search-term';
import { useTranslation } from 'react-i18next';

export interface SearchBarProps {
  text: string;
  onTextChange(text: string): void;
  /** Enter: open the highlighted result, or search now. */
  onSubmit(): void;
  /** Arrow keys and Escape, for moving through the results while typing. */
  onKeyDown(event: KeyboardEvent<HTMLInputElement>): void;
  /** The results list the box drives, when one is shown. */
  controls?: string;
  /** The id of the highlighted result. */
  activeDescendant?: string;
}

/**
 * The top of the header-less search page: a way back and the search box, focused on arrival with
 * the caret after whatever the shopper had typed on the landing page.
 */
export function SearchBar({
  text,
  onTextChange,
  onSubmit,
  onKeyDown,
  controls,
  activeDescendant,
}: SearchBarProps) {
  const { t } = useTranslation(['search', 'common']);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const box = input.current;
    if (!box) return;
    box.focus();
    box.setSelectionRange(box.value.length, box.value.length);
  }, []);

  const clear = () => {
    onTextChange('');
    input.current?.focus();
  };

  return (
    <Box position="sticky" top="0" zIndex="sticky" bg="bg.panel" borderBottomWidth="1px" shadow="xs">
      <Container maxW="3xl" py="2.5" px={{ base: '2', sm: '4' }}>
        <HStack gap={{ base: '1', sm: '2' }}>
          <IconButton
            asChild
            aria-label={t('common:backToShop')}
            variant="ghost"
            colorPalette="support"
            rounded="full"
            size="lg"
          >
            <Link to="/">
              <MdiIcon path={mdiArrowLeft} boxSize="6" />
            </Link>
          </IconButton>
          <Box
            as="form"
            role="search"
            flex="1"
            minW="0"
            onSubmit={(event) => {
              event.preventDefault();
              onSubmit();
            }}
          >
            <InputGroup
              w="full"
              startElement={<MdiIcon path={mdiMagnify} boxSize="5" color="fg.muted" />}
              endElement={
                text ? (
                  <IconButton
                    type="button"
                    aria-label={t('clearSearch')}
                    variant="ghost"
                    colorPalette="support"
                    size="sm"
                    rounded="full"
                    me="-1.5"
                    onClick={clear}
                  >
                    <MdiIcon path={mdiClose} boxSize="5" />
                  </IconButton>
                ) : undefined
              }
            >
              <Input
                ref={input}
                type="search"
                // Sent as the address's query when the form is sent without the app (no JavaScript).
                name="q"
                aria-label={t('boxLabel')}
                placeholder={t('placeholder')}
                value={text}
                onChange={(event) => onTextChange(event.currentTarget.value)}
                onKeyDown={onKeyDown}
                maxLength={SEARCH_TERM_MAX}
                autoComplete="off"
                autoCorrect="off"
                spellCheck={false}
                enterKeyHint="search"
                aria-controls={controls}
                aria-activedescendant={activeDescendant}
                size="lg"
                rounded="full"
                bg="bg.muted"
                borderColor="transparent"
                ps="11"
                pe={text ? '11' : '4'}
                fontSize="md"
                _focusVisible={{ bg: 'bg', borderColor: 'primary.solid' }}
                css={{ '&::-webkit-search-cancel-button': { display: 'none' } }}
              />
            </InputGroup>
          </Box>
        </HStack>
      </Container>
    </Box>
  );
}
