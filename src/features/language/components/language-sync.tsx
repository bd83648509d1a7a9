import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { authMutations, authQueries } from '@/features/auth';
import { useIsSignedIn } from '@/features/session';
import { chosenLanguage, currentLanguage, switchLanguage } from '@/lib/i18n';

/**
 * Keeps a signed-in shopper's profile and this device in one language: a choice made on this device
 * (before signing in, or as a guest who then signs up) goes onto the profile, so mails and SMS follow
 * it; a device where none was made takes the profile's.
 */
export function LanguageSync() {
  const signedIn = useIsSignedIn();
  const queryClient = useQueryClient();
  const me = useQuery({ ...authQueries.me(), enabled: signedIn });
  const saveOnProfile = useMutation(authMutations.updateMe(queryClient));
  const profileLanguage = signedIn ? me.data?.language : undefined;
  const { mutate } = saveOnProfile;

  useEffect(() => {
    if (!profileLanguage) return;
    const here = chosenLanguage();
    if (here && here !== profileLanguage) mutate({ language: here });
    else if (!here && profileLanguage !== currentLanguage()) void switchLanguage(profileLanguage);
  }, [profileLanguage, mutate]);
  return null;
}
