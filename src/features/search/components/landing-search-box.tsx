import { Input, InputGroup } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import { mdiMagnify } from '@mdi/js';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { setSearchText } from '../stores/search-text-store';

/**
 * The landing page's search box: focusing it opens the search page (docs/behaviour.md#routes), which takes
 * over the typing. Keys pressed while that page loads land here and are handed over with the draft.
 */
export function LandingSearchBox() {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const router = useRouter();
  // Start loading the search page as soon as a pointer heads for the box.
  const preload = () => void router.preloadRoute({ to: '/search' }).catch(() => undefined);
  const input = useRef<HTMLInputElement>(null);
  const open = (value: string) => {
    setSearchText(value);
    void navigate({ to: '/search' });
  };
  // On a server-rendered page the box can be focused (and typed in) before the script has taken
  // the page over; that focus had no handler then, so it counts once the handler is there.
  useEffect(() => {
    if (input.current && document.activeElement === input.current) open(input.current.value);
    // Once, on arrival: later focuses go through onFocus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <InputGroup startElement={<MdiIcon path={mdiMagnify} boxSize="6" color="fg.muted" />} w="full">
      <Input
        ref={input}
        type="search"
        aria-label={t('boxLabel')}
        placeholder={t('placeholder')}
        size="xl"
        bg="bg"
        rounded="full"
        shadow="sm"
        borderColor="border.emphasized"
        ps="12"
        autoComplete="off"
        enterKeyHint="search"
        onPointerEnter={preload}
        onTouchStart={preload}
        onChange={(event) => setSearchText(event.currentTarget.value)}
        onFocus={(event) => open(event.currentTarget.value)}
      />
    </InputGroup>
  );
}
