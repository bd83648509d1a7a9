import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { page } from '@/lib/page';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
    return <AppError />;
  }
}

/** What the boundary shows, in the shown language. */
function AppError() {
  const { t } = useTranslation();
  return (
    <Center minH="100dvh" p="6">
      <Stack gap="4" maxW="md" textAlign="center" align="center">
        <Heading as="h1" size="2xl">
          {t('errors.somethingWentWrong')}
        </Heading>
        <Text color="fg.muted">{t('errors.appFailed')}</Text>
        <Button colorPalette="primary" onClick={() => page.reload()}>
          {t('errors.reload')}
        </Button>
      </Stack>
    </Center>
  );
}
