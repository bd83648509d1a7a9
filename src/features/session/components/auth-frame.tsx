import { Box, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { BrandLogo } from '@/components/layout/brand-logo';
import type { ReactNode } from 'react';

/** The header-less frame of the sign-in pages: the logo (a way home) above a centred card. */
export function AuthFrame({ title, description, children }: { title: string; description?: ReactNode; children?: ReactNode }) {
  return (
    <Center minH="80dvh" px="4" py="10" flexDirection="column" gap="8">
      <BrandLogo />
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
