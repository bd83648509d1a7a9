import { Input, InputGroup } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import { mdiMagnify } from '@mdi/js';
import { useNavigate } from '@tanstack/react-router';

export const SEARCH_PLACEHOLDER = 'search our products';

/** The landing page's search box: focusing it opens the search page (spec §2), which takes the typing. */
export function LandingSearchBox() {
  const navigate = useNavigate();
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
        onFocus={() => void navigate({ to: '/search' })}
      />
    </InputGroup>
  );
}
