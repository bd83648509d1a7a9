import { Box, Container, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import { mdiCellphoneCheck, mdiLeaf, mdiTruckFastOutline } from '@mdi/js';
import { useTranslation } from 'react-i18next';
import { LandingSearchBox } from './landing-search-box';

/** The shop's promises: their titles' keys in the search namespace (hero.<key>, hero.<key>Text). */
const promises = [
  { icon: mdiTruckFastOutline, key: 'sameDay' },
  { icon: mdiCellphoneCheck, key: 'mpesa' },
  { icon: mdiLeaf, key: 'fresh' },
] as const;

/** The top of the landing page: what the shop is, the search box and the shop's promises. */
export function LandingHero() {
  const { t } = useTranslation('search');
  return (
    <Box>
      <Box bgGradient="to-br" gradientFrom="primary.50" gradientTo="secondary.50" borderBottomWidth="1px">
        <Container maxW="4xl" py={{ base: '10', md: '16' }} px={{ base: '4', md: '6' }}>
          <Stack gap="6" align="center" textAlign="center">
            <Heading as="h1" size={{ base: '3xl', md: '5xl' }} letterSpacing="tight" lineHeight="1.1">
              {t('hero.title')}{' '}
              <Text as="span" color="primary.fg">
                {t('hero.titleEmphasis')}
              </Text>
            </Heading>
            <Text fontSize={{ base: 'md', md: 'xl' }} color="fg.muted" maxW="2xl">
              {t('hero.lead')}
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
            <HStack key={p.key} gap="4" bg="bg.panel" p="4" rounded="l3" borderWidth="1px" align="flex-start">
              <Box color="primary.solid" bg="primary.subtle" p="2.5" rounded="full">
                <MdiIcon path={p.icon} boxSize="6" />
              </Box>
              <Stack gap="0.5">
                <Text fontWeight="semibold">{t(`hero.${p.key}`)}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {t(`hero.${p.key}Text`)}
                </Text>
              </Stack>
            </HStack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
