import { fieldIssues } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authMutations } from '../api/auth-mutations';
import { isDeadEnd, toastAuthError } from '../lib/auth-errors';
import { useFinishSignIn } from '../lib/use-finish-sign-in';
import { isProfileToken } from '../lib/tokens';
import { useFlowEmail } from '../stores/auth-flow-store';
import { AuthCard } from './auth-card';
import { LinkDeadEnd } from './link-dead-end';
import { issuesToErrors, ProfileForm, type ProfileFormValues } from './profile-form';

/** /auth/complete-profile/{token}: a confirmed email becomes an account (update-profile), signed in. */
export function CompleteProfilePanel({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const finishSignIn = useFinishSignIn();
  const email = useFlowEmail();
  const [deadEnd, setDeadEnd] = useState(!isProfileToken(token));
  const [serverErrors, setServerErrors] = useState<ReturnType<typeof issuesToErrors>>();
  const update = useMutation(authMutations.updateProfile(queryClient, token));

  const submit = ({ name, phone, country, password }: ProfileFormValues) =>
    update.mutate(
      { name, password, country, ...(phone ? { phone } : {}) },
      {
        onSuccess: async (result) => {
          notify.success(t('complete.welcome', { name: result.user.name.split(' ')[0] }));
          await finishSignIn(result);
        },
        onError: (error) => {
          toastAuthError(error);
          setServerErrors(issuesToErrors(fieldIssues(error)));
          // 409: the account was made meanwhile (another tab); the token cannot make it again.
          if (isDeadEnd(error) || (error as { status?: number }).status === 409) setDeadEnd(true);
        },
      },
    );

  return (
    <AuthCard
      title={t('complete.title')}
      description={
        deadEnd ? undefined : email ? t('complete.descriptionEmail', { email }) : t('complete.description')
      }
    >
      {deadEnd ? (
        <LinkDeadEnd />
      ) : (
        <ProfileForm
          mode="complete"
          submitLabel={t('complete.submit')}
          submitting={update.isPending}
          serverErrors={serverErrors}
          onSubmit={submit}
        />
      )}
    </AuthCard>
  );
}
