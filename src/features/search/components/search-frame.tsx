import { Box, Container, HStack, IconButton, Input, Text } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import { mdiArrowLeft } from '@mdi/js';
import { Link } from '@tanstack/react-router';
import { SEARCH_PLACEHOLDER } from './landing-search-box';

/** The header-less search page frame: a way back and the search box, focused on arrival. */
export function SearchFrame() {
  return (
    <Box>
      <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg" borderBottomWidth="1px" shadow="xs">
        <Container maxW="4xl" py="2" px={{ base: '2', md: '6' }}>
          <HStack gap="2">
            <IconButton asChild aria-label="Back to the shop" variant="ghost" colorPalette="support" rounded="full">
              <Link to="/">
                <MdiIcon path={mdiArrowLeft} boxSize="6" />
              </Link>
            </IconButton>
            <Input
              type="search"
              aria-label="Search our products"
              placeholder={SEARCH_PLACEHOLDER}
              size="lg"
              rounded="full"
              autoFocus
            />
          </HStack>
        </Container>
      </Box>
      <Container maxW="4xl" py="10" px={{ base: '4', md: '6' }}>
        <Text as="h1" fontSize="2xl" fontWeight="bold">
          Search
        </Text>
        <Text color="fg.muted" mt="2">
          Find products by name, description or category.
        </Text>
      </Container>
    </Box>
  );
}
