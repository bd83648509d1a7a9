import { Box, Center, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * The card of the sign-in pages that keep the site header (code, profile, admin login). The header-less
 * /auth page uses the session feature's AuthFrame, which adds the logo as its way home.
 */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Center px="4" py={{ base: '8', md: '14' }}>
      <Box w="full" maxW="md" bg="bg.panel" rounded="l3" shadow="md" p={{ base: '6', md: '8' }}>
        <Stack gap="3">
          <Heading as="h1" size="2xl">
            {title}
          </Heading>
          {description ? <Text color="fg.muted">{description}</Text> : null}
          {children}
        </Stack>
      </Box>
    </Center>
  );
}
