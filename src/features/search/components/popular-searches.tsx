import { Button, Wrap } from '@chakra-ui/react';

/** Everyday searches that find something in the shop (the seeded and the mocked catalogue alike). */
const POPULAR_SEARCHES = [
  'Tilapia',
  'Sukuma wiki',
  'Avocado',
  'Omena',
  'Mandazi',
  'Pishori rice',
  'Maize flour',
];

/** Quick searches as chips. */
export function PopularSearches({
  label,
  onPick,
  centred,
}: {
  label: string;
  onPick(term: string): void;
  centred?: boolean;
}) {
  return (
    <Wrap as="ul" gap="2" aria-label={label} listStyleType="none" justify={centred ? 'center' : undefined}>
      {POPULAR_SEARCHES.map((term) => (
        <li key={term}>
          <Button
            size="sm"
            variant="outline"
            colorPalette="support"
            rounded="full"
            bg="bg.panel"
            borderColor="border.emphasized"
            fontWeight="medium"
            _hover={{ bg: 'primary.50', borderColor: 'primary.300', color: 'primary.fg' }}
            onClick={() => onPick(term)}
          >
            {term}
          </Button>
        </li>
      ))}
    </Wrap>
  );
}
