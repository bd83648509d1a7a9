import { Box, Container, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import { mdiCellphoneCheck, mdiLeaf, mdiTruckFastOutline } from '@mdi/js';
import { LandingSearchBox } from './landing-search-box';

const promises = [
  { icon: mdiTruckFastOutline, title: 'Same-day delivery', text: 'Across Nairobi and its surroundings.' },
  { icon: mdiCellphoneCheck, title: 'Pay with M-Pesa', text: 'Confirm the prompt on your phone.' },
  { icon: mdiLeaf, title: 'Fresh every day', text: 'Produce, dairy, meat and pantry staples.' },
];

/** The top of the landing page: what the shop is, the search box and the shop's promises. */
export function LandingHero() {
  return (
    <Box>
      <Box bgGradient="to-br" gradientFrom="primary.50" gradientTo="secondary.50" borderBottomWidth="1px">
        <Container maxW="4xl" py={{ base: '10', md: '16' }} px={{ base: '4', md: '6' }}>
          <Stack gap="6" align="center" textAlign="center">
            <Heading as="h1" size={{ base: '3xl', md: '5xl' }} letterSpacing="tight" lineHeight="1.1">
              Fresh food and groceries,{' '}
              <Text as="span" color="primary.fg">
                delivered to your door
              </Text>
            </Heading>
            <Text fontSize={{ base: 'md', md: 'xl' }} color="fg.muted" maxW="2xl">
              Shop vegetables, fruit, meat, dairy and household essentials from one place, and pay with
              M-Pesa.
            </Text>
            <Box w="full" maxW="2xl">
              <LandingSearchBox />
            </Box>
          </Stack>
        </Container>
      </Box>
      <Container maxW="6xl" py="8" px={{ base: '4', md: '6' }}>
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
          {promises.map((p) => (
            <HStack
              key={p.title}
              gap="4"
              bg="bg.panel"
              p="4"
              rounded="l3"
              borderWidth="1px"
              align="flex-start"
            >
              <Box color="primary.solid" bg="primary.subtle" p="2.5" rounded="full">
                <MdiIcon path={p.icon} boxSize="6" />
              </Box>
              <Stack gap="0.5">
                <Text fontWeight="semibold">{p.title}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {p.text}
                </Text>
              </Stack>
            </HStack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
