import type { UpdateMeBody } from '@contract/auth';
import { login } from '@/features/session';
import { fieldIssues } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authMutations } from '../api/auth-mutations';
import { isDeadEnd, toastAuthError } from '../lib/auth-errors';
import { useFinishSignIn } from '../lib/use-finish-sign-in';
import { isProfileToken } from '../lib/tokens';
import { useFlowPurpose } from '../stores/auth-flow-store';
import { AuthCard } from './auth-card';
import { LinkDeadEnd } from './link-dead-end';
import { issuesToErrors, ProfileForm, type ProfileFormValues } from './profile-form';

/**
 * /auth/credentials/{token}: a new password (set-password) for a reset, or for an account that had
 * none, then signed in. The details of the profile form are optional here; what is filled in is
 * saved right after with the new session (PATCH /auth/me), since set-password takes only a password.
 */
export function CredentialsPanel({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const finishSignIn = useFinishSignIn();
  const purpose = useFlowPurpose();
  const [deadEnd, setDeadEnd] = useState(!isProfileToken(token));
  const [serverErrors, setServerErrors] = useState<ReturnType<typeof issuesToErrors>>();
  const setPassword = useMutation(authMutations.setPassword(queryClient));
  const updateMe = useMutation(authMutations.updateMe(queryClient));

  const submit = ({ name, phone, country, password }: ProfileFormValues) =>
    setPassword.mutate(
      { token, password },
      {
        onSuccess: async (result) => {
          const changes: UpdateMeBody = {
            ...(name ? { name } : {}),
            ...(phone ? { phone } : {}),
            ...(name || phone ? { country } : {}),
          };
          if (Object.keys(changes).length) {
            // The details go with the new session, so sign in first.
            login(result.token);
            await updateMe.mutateAsync(changes).catch(toastAuthError);
          }
          notify.success(t('credentials.done'));
          await finishSignIn(result);
        },
        onError: (error) => {
          toastAuthError(error);
          setServerErrors(issuesToErrors(fieldIssues(error)));
          if (isDeadEnd(error)) setDeadEnd(true);
        },
      },
    );

  return (
    <AuthCard
      title={purpose === 'reset' ? t('credentials.titleReset') : t('credentials.title')}
      description={deadEnd ? undefined : t('credentials.description')}
    >
      {deadEnd ? (
        <LinkDeadEnd />
      ) : (
        <ProfileForm
          mode="credentials"
          submitLabel={t('credentials.submit')}
          submitting={setPassword.isPending || updateMe.isPending}
          serverErrors={serverErrors}
          onSubmit={submit}
        />
      )}
    </AuthCard>
  );
}
