import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react';

/** Shown in the page area while a route's code or data loads. */
export function PageLoader() {
  return (
    <Center minH="50vh" role="status">
      <Spinner size="lg" color="primary.solid" />
      <VisuallyHidden>Loading page…</VisuallyHidden>
    </Center>
  );
}
