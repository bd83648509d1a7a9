import { Button, Field, Stack } from '@chakra-ui/react';
import { PasswordInput } from '@/components/password-input';
import { PasswordStrengthHint } from '@/components/password-strength-hint';
import { authMutations, authRefusal } from '@/features/auth';
import { fieldIssues, toastError } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { checkPassword, fieldProblem } from '@/lib/validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

type Errors = { current?: string | null; next?: string | null; confirm?: string | null };

/**
 * POST /auth/change-password: the current password is needed; every other session ends. `owner`
 * (the account's email and name) are words the new password must not be built on.
 */
export function ChangePasswordForm({ owner }: { owner?: { email: string; name: string } }) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const strengthId = useId();
  const change = useMutation(authMutations.changePassword(queryClient));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {
      current: current ? null : t('password.currentRequired'),
      next: checkPassword(next, 'newPassword'),
      confirm: confirm === next ? null : t('password.notSame'),
    };
    if (!found.next && next === current) found.next = t('password.unchanged');
    setErrors(found);
    if (found.current || found.next || found.confirm) return;
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          notify.success(t('password.changed'));
          setCurrent('');
          setNext('');
          setConfirm('');
        },
        onError: (error) => {
          toastError(authRefusal(error) ?? error);
          const issues = fieldIssues(error);
          if (issues.currentPassword) setErrors({ current: t('password.notCurrent') });
          else if (issues.newPassword) setErrors({ next: fieldProblem('newPassword', issues.newPassword) });
        },
      },
    );
  };

  return (
    <Stack asChild gap="5">
      <form onSubmit={submit} noValidate aria-label={t('password.formLabel')}>
        <Field.Root invalid={Boolean(errors.current)}>
          <Field.Label>{t('password.current')}</Field.Label>
          <PasswordInput
            name="current-password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
          <Field.ErrorText>{errors.current}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.next)}>
          <Field.Label>{t('password.new')}</Field.Label>
          <PasswordInput
            name="new-password"
            autoComplete="new-password"
            aria-describedby={strengthId}
            value={next}
            onChange={(e) => setNext(e.target.value)}
          />
          <Field.ErrorText>{errors.next}</Field.ErrorText>
          <PasswordStrengthHint password={next} id={strengthId} person={owner} />
        </Field.Root>
        <Field.Root invalid={Boolean(errors.confirm)}>
          <Field.Label>{t('password.confirm')}</Field.Label>
          <PasswordInput
            name="confirm-password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
          <Field.ErrorText>{errors.confirm}</Field.ErrorText>
        </Field.Root>
        <Button
          type="submit"
          colorPalette="primary"
          alignSelf="start"
          loading={change.isPending}
          loadingText={t('password.saving')}
        >
          {t('password.submit')}
        </Button>
      </form>
    </Stack>
  );
}
