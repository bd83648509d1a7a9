import { IconButton, Link as ChakraLink, Text } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import { useIsAdmin } from '@/features/session';
import { notify } from '@/lib/notify';
import { mdiHeart, mdiHeartOutline } from '@mdi/js';
import { useLocation, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useCanSave, useSavedIds, useToggleSaved } from '../hooks/use-saved';

/** The sign-in toast's text in English (the spec fixes it); shoppers read savedItems:signInToSave. */
export const SIGN_IN_TO_SAVE = 'Sign in to save items for later.';

export interface SaveButtonProps {
  productId: string;
  /** Names the button: "Save Omena", "Remove Omena from Saved Items". */
  name: string;
  size?: 'sm' | 'md' | 'lg';
}

/**
 * The heart on product cards and the product page: saves the product for a signed-in shopper, or
 * asks a guest to sign in (and brings them back here). Admins have no saved items, so no heart.
 */
export function SaveButton({ productId, name, size = 'md' }: SaveButtonProps) {
  const { t } = useTranslation('savedItems');
  const canSave = useCanSave();
  const admin = useIsAdmin();
  const savedIds = useSavedIds();
  const toggle = useToggleSaved();
  const router = useRouter();
  const here = useLocation({ select: (l) => l.href });
  if (admin) return null;

  // While a change is on its way, show what it will be.
  const saved = toggle.isPending ? toggle.variables.save : savedIds.has(productId);
  const askToSignIn = () => {
    const href = router.buildLocation({ to: '/auth', search: { redirect: here } }).href;
    notify.info(
      <Text>
        {t('signInToSave')}{' '}
        <ChakraLink
          href={href}
          color="primary.fg"
          fontWeight="semibold"
          onClick={(event) => {
            event.preventDefault();
            void router.navigate({ to: '/auth', search: { redirect: here } });
          }}
        >
          {t('signIn')}
        </ChakraLink>
      </Text>,
      { id: 'sign-in-to-save' },
    );
  };

  return (
    <IconButton
      aria-label={saved ? t('unsaveLabel', { name }) : t('saveLabel', { name })}
      aria-pressed={saved}
      size={size}
      rounded="full"
      variant="subtle"
      colorPalette="primary"
      bg="bg.panel"
      shadow="sm"
      _hover={{ bg: 'primary.subtle' }}
      onClick={() => (canSave ? toggle.mutate({ productId, save: !saved }) : askToSignIn())}
    >
      <MdiIcon
        path={saved ? mdiHeart : mdiHeartOutline}
        boxSize={size === 'sm' ? '4' : '5'}
        color="primary.solid"
      />
    </IconButton>
  );
}
