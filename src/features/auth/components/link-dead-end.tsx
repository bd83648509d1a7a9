import { Alert, Button } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useRedirectSearch } from '../stores/auth-flow-store';

/** A code or link that can no longer be used (used, expired, unknown): the way back to the start. */
export function LinkDeadEnd({ title = 'This link can no longer be used' }: { title?: string }) {
  const redirectSearch = useRedirectSearch();
  return (
    <>
      <Alert.Root status="warning" mt="2">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{title}</Alert.Title>
          <Alert.Description>Please start again with your email; it only takes a minute.</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Button asChild colorPalette="primary" size="lg" mt="2">
        <Link to="/auth" search={redirectSearch}>
          Start again
        </Link>
      </Button>
    </>
  );
}
