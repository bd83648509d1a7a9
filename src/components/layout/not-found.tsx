import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { mdiStorefrontOutline } from '@mdi/js';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { MdiIcon } from '../mdi-icon';

/** Any path the shop does not know (docs/behaviour.md#routes). */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <Center minH="60vh" px="4" py="12">
      <Stack gap="4" align="center" textAlign="center" maxW="md">
        <Text fontSize="6xl" fontWeight="bold" color="primary.solid" lineHeight="1">
          404
        </Text>
        <Heading as="h1" size="2xl">
          {t('notFound.title')}
        </Heading>
        <Text color="fg.muted">{t('notFound.text')}</Text>
        <Button asChild colorPalette="primary" size="lg">
          <Link to="/">
            <MdiIcon path={mdiStorefrontOutline} />
            {t('backToShop')}
          </Link>
        </Button>
      </Stack>
    </Center>
  );
}
