import { Input, InputGroup } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import { mdiMagnify } from '@mdi/js';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { setSearchText } from '../stores/search-text-store';

export const SEARCH_PLACEHOLDER = 'search our products';

/**
 * The landing page's search box: focusing it opens the search page (spec §2), which takes over the
 * typing. Keys pressed while that page loads land here and are handed over with the draft.
 */
export function LandingSearchBox() {
  const navigate = useNavigate();
  const router = useRouter();
  // Start loading the search page as soon as a pointer heads for the box.
  const preload = () => void router.preloadRoute({ to: '/search' }).catch(() => undefined);
  return (
    <InputGroup startElement={<MdiIcon path={mdiMagnify} boxSize="6" color="fg.muted" />} w="full">
      <Input
        type="search"
        aria-label="Search our products"
        placeholder={SEARCH_PLACEHOLDER}
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
        onFocus={(event) => {
          setSearchText(event.currentTarget.value);
          void navigate({ to: '/search' });
        }}
      />
    </InputGroup>
  );
}
