import { Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface PageFrameProps {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Narrow pages (forms) read better in a smaller column. */
  narrow?: boolean;
}

/** The common page frame: a heading, a short lead sentence and the page body. */
export function PageFrame({ title, description, children, narrow }: PageFrameProps) {
  return (
    <Container maxW={narrow ? 'lg' : '6xl'} py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }}>
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
            {title}
          </Heading>
          {description ? (
            <Text color="fg.muted" fontSize="lg">
              {description}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}
