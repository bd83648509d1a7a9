import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { page } from '@/lib/page';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from './sentry';

interface State {
  error: unknown;
}

/** Last line of defence outside the router: reports the error and offers a reload. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    reportError(error, { source: 'app-error-boundary', componentStack: info.componentStack ?? undefined });
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <Center minH="100dvh" p="6">
        <Stack gap="4" maxW="md" textAlign="center" align="center">
          <Heading as="h1" size="2xl">
            Something went wrong
          </Heading>
          <Text color="fg.muted">The shop hit an unexpected problem. Reloading the page usually fixes it.</Text>
          <Button colorPalette="primary" onClick={() => page.reload()}>
            Reload the page
          </Button>
        </Stack>
      </Center>
    );
  }
}
