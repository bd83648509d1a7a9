import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { mdiStorefrontOutline } from '@mdi/js';
import { Link } from '@tanstack/react-router';
import { MdiIcon } from '../mdi-icon';

/** Any path the shop does not know (docs/behaviour.md#routes). */
export function NotFound() {
  return (
    <Center minH="60vh" px="4" py="12">
      <Stack gap="4" align="center" textAlign="center" maxW="md">
        <Text fontSize="6xl" fontWeight="bold" color="primary.solid" lineHeight="1">
          404
        </Text>
        <Heading as="h1" size="2xl">
          Page not found
        </Heading>
        <Text color="fg.muted">
          We could not find the page you were looking for. It may have moved, or the link may be mistyped.
        </Text>
        <Button asChild colorPalette="primary" size="lg">
          <Link to="/">
            <MdiIcon path={mdiStorefrontOutline} />
            Back to the shop
          </Link>
        </Button>
      </Stack>
    </Center>
  );
}
