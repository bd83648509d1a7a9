import { Box, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { BrandLogo } from '@/components/layout/brand-logo';
import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}

function Card({ title, description, children }: AuthCardProps) {
  return (
    <Box w="full" maxW="md" bg="bg.panel" rounded="l3" shadow="md" p={{ base: '6', md: '8' }}>
      <Stack gap="3">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {description ? <Text color="fg.muted">{description}</Text> : null}
        {children}
      </Stack>
    </Box>
  );
}

/** The card of the sign-in pages that keep the site header (code, profile). */
export function AuthCard(props: AuthCardProps) {
  return (
    <Center px="4" py={{ base: '8', md: '14' }}>
      <Card {...props} />
    </Center>
  );
}

/** The frame of the header-less sign-in pages (/auth, /admin/auth): the logo (the way home) above the same card. */
export function AuthFrame(props: AuthCardProps) {
  return (
    <Center minH="80dvh" px="4" py="10" flexDirection="column" gap="8">
      <BrandLogo />
      <Card {...props} />
    </Center>
  );
}
