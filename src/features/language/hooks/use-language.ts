import { isLanguage, DEFAULT_LANGUAGE, type Language } from '@contract/languages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { authMutations } from '@/features/auth';
import { useIsSignedIn } from '@/features/session';
import { notify } from '@/lib/notify';
import { switchLanguage, translate } from '@/lib/i18n';

/**
 * The language the shop is shown in, and the choice of another: the page changes at once, the
 * cookie keeps it (the server renders the next page in it), and a signed-in person's profile keeps
 * it too, so mails and SMS follow.
 */
export function useLanguage() {
  const { i18n } = useTranslation();
  const signedIn = useIsSignedIn();
  const queryClient = useQueryClient();
  const saveOnProfile = useMutation(authMutations.updateMe(queryClient));
  const language: Language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;

  const choose = async (next: Language) => {
    if (next === language) return;
    try {
      await switchLanguage(next);
    } catch {
      notify.error(translate('language.failed'));
      return;
    }
    // The page is already in the new language; the profile follows when it can (next sign-in otherwise).
    if (signedIn) saveOnProfile.mutate({ language: next });
  };
  return { language, choose };
}
