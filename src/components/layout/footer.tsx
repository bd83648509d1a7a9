import { Box, Container, Flex, Heading, Link as ChakraLink, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { shopInfo } from '@/lib/shop-info';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

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
  const year = new Date().getFullYear();
  return (
    <Box as="footer" bg="support.solid" color="support.200" mt="auto">
      <Container maxW="7xl" py="10" px={{ base: '4', md: '6' }}>
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="8">
          <Stack gap="2" gridColumn={{ base: 'span 2', md: 'span 1' }}>
            <Text fontSize="xl" fontWeight="bold" color="primary.400">
              {shopInfo.name}
            </Text>
            <Text fontSize="sm">{shopInfo.tagline}</Text>
            <Text fontSize="sm">Order online, pay with M-Pesa.</Text>
          </Stack>
          <Column title="Shop">
            <FooterLink to="/">Home</FooterLink>
            <FooterLink to="/search">Search products</FooterLink>
            <FooterLink to="/cart">Cart</FooterLink>
          </Column>
          <Column title="Help">
            <FooterLink to="/more" hash="delivery">
              Delivery information
            </FooterLink>
            <FooterLink to="/more" hash="faq">
              Help &amp; FAQ
            </FooterLink>
            <FooterLink to="/more" hash="contact">
              Contact us
            </FooterLink>
          </Column>
          <Column title="Legal">
            <FooterLink to="/more" hash="terms">
              Terms of service
            </FooterLink>
            <FooterLink to="/more" hash="privacy">
              Privacy
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
          <Text>
            © {year} {shopInfo.name}. All rights reserved.
          </Text>
          <Text data-testid="release-label">Release {shopInfo.release}</Text>
        </Flex>
      </Container>
    </Box>
  );
}
