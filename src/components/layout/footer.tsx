import { Box, Container, Flex, Heading, Link as ChakraLink, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { shopInfo } from '@/lib/shop-info';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function FooterLink({ to, hash, children }: { to: string; hash?: string; children: ReactNode }) {
  return (
    <ChakraLink asChild color="support.200" _hover={{ color: 'white' }} fontSize="sm">
      <Link to={to} hash={hash}>
        {children}
      </Link>
    </ChakraLink>
  );
}

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="2" as="nav" aria-label={title}>
      <Heading as="h2" size="sm" color="white">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

/**
 * The site footer: shop links, help, legal, copyright and the release label
 * (docs/behaviour.md#release-and-error-reporting).
 */
export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <Box as="footer" bg="support.solid" color="support.200" mt="auto">
      <Container maxW="7xl" py="10" px={{ base: '4', md: '6' }}>
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="8">
          <Stack gap="2" gridColumn={{ base: 'span 2', md: 'span 1' }}>
            <Text fontSize="xl" fontWeight="bold" color="primary.400">
              {shopInfo.name}
            </Text>
            <Text fontSize="sm">{t('footer.tagline')}</Text>
            <Text fontSize="sm">{t('footer.payWithMpesa')}</Text>
          </Stack>
          <Column title={t('footer.shop')}>
            <FooterLink to="/">{t('footer.home')}</FooterLink>
            <FooterLink to="/search">{t('footer.searchProducts')}</FooterLink>
            <FooterLink to="/cart">{t('footer.cart')}</FooterLink>
          </Column>
          <Column title={t('footer.help')}>
            <FooterLink to="/more" hash="delivery">
              {t('footer.delivery')}
            </FooterLink>
            <FooterLink to="/more" hash="faq">
              {t('footer.faq')}
            </FooterLink>
            <FooterLink to="/more" hash="contact">
              {t('footer.contact')}
            </FooterLink>
          </Column>
          <Column title={t('footer.legal')}>
            <FooterLink to="/more" hash="terms">
              {t('footer.terms')}
            </FooterLink>
            <FooterLink to="/more" hash="privacy">
              {t('footer.privacy')}
            </FooterLink>
          </Column>
        </SimpleGrid>
        <Flex
          mt="10"
          pt="6"
          borderTopWidth="1px"
          borderColor="support.700"
          justify="space-between"
          gap="2"
          direction={{ base: 'column', sm: 'row' }}
          fontSize="sm"
        >
          <Text>{t('footer.rights', { year, name: shopInfo.name })}</Text>
          <Text data-testid="release-label">{t('footer.release', { release: shopInfo.release })}</Text>
        </Flex>
      </Container>
    </Box>
  );
}
