import { Button, Field, HStack, Input, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import { mdiArrowLeft } from '@mdi/js';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { authMutations } from '../api/auth-mutations';
import { toastAuthError } from '../lib/auth-errors';
import { useFinishSignIn } from '../lib/use-finish-sign-in';
import { checkEmail } from '@/lib/validation';
import { setRedirectTarget, startFlow, useFlowEmail } from '../stores/auth-flow-store';
import { AuthFrame } from './auth-card';
import { PasswordInput } from '@/components/password-input';
import { SubmitButton } from '@/components/submit-button';

type Step = { kind: 'email' } | { kind: 'password'; email: string; name: string };

/**
 * /auth (docs/design.md#sign-in-and-sign-up): the email step asks `get-user`, which leads to the password
 * step (an account with a password) or to the code page (a new account, or one without a password).
 */
export function SignInFlow({ redirect }: { redirect?: string }) {
  const { t } = useTranslation('auth');
  const [step, setStep] = useState<Step>({ kind: 'email' });
  const remembered = useFlowEmail();
  const [email, setEmail] = useState(remembered ?? '');

  if (step.kind === 'password') {
    const firstName = step.name.split(' ')[0];
    return (
      <AuthFrame
        title={firstName ? t('password.welcomeBackName', { name: firstName }) : t('password.welcomeBack')}
        description={t('password.description')}
      >
        <PasswordStep email={step.email} onBack={() => setStep({ kind: 'email' })} />
      </AuthFrame>
    );
  }
  return (
    <AuthFrame title={t('signIn.title')} description={t('signIn.description')}>
      <EmailStep
        email={email}
        onEmailChange={setEmail}
        onPasswordStep={(name) => {
          setRedirectTarget(redirect);
          setStep({ kind: 'password', email: email.trim(), name });
        }}
        onCodeSent={() => setRedirectTarget(redirect)}
      />
    </AuthFrame>
  );
}

function EmailStep({
  email,
  onEmailChange,
  onPasswordStep,
  onCodeSent,
}: {
  email: string;
  onEmailChange(email: string): void;
  onPasswordStep(name: string): void;
  onCodeSent(): void;
}) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const getUser = useMutation(authMutations.getUser());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = checkEmail(email);
    setError(problem);
    if (problem) return;
    const address = email.trim();
    getUser.mutate(address, {
      onSuccess: (result) => {
        if (result.loginType === 'password') {
          startFlow(address, 'login', null);
          onPasswordStep(result.user?.name ?? '');
        } else if (result.id) {
          startFlow(address, result.purpose, result.id);
          onCodeSent();
          void navigate({ to: '/auth/verify-account/$challengeId', params: { challengeId: result.id } });
        } else {
          toastAuthError(null);
        }
      },
      onError: toastAuthError,
    });
  };

  return (
    <Stack asChild gap="5" mt="2">
      <form onSubmit={submit} noValidate>
        <Field.Root invalid={Boolean(error)}>
          <Field.Label>{t('signIn.email')}</Field.Label>
          <Input
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            autoFocus
            bg="bg"
            value={email}
            onChange={(e) => onEmailChange(e.target.value)}
          />
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
        <SubmitButton loading={getUser.isPending} loadingText={t('signIn.checking')}>
          {t('signIn.continue')}
        </SubmitButton>
        <ChakraLink asChild color="fg.muted" fontSize="sm" alignSelf="center">
          <Link to="/">
            <MdiIcon path={mdiArrowLeft} />
            {t('signIn.backToShop')}
          </Link>
        </ChakraLink>
      </form>
    </Stack>
  );
}

function PasswordStep({ email, onBack }: { email: string; onBack(): void }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const finishSignIn = useFinishSignIn();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const login = useMutation(authMutations.login(queryClient));
  const forgot = useMutation(authMutations.forgotPassword());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = password ? null : t('password.required');
    setError(problem);
    if (problem) return;
    login.mutate({ email, password }, { onSuccess: finishSignIn, onError: toastAuthError });
  };

  const resetPassword = () =>
    forgot.mutate(email, {
      onSuccess: ({ id }) => {
        startFlow(email, 'reset', id);
        void navigate({ to: '/auth/verify-account/$challengeId', params: { challengeId: id } });
      },
      onError: toastAuthError,
    });

  return (
    <Stack asChild gap="5" mt="2">
      <form onSubmit={submit} noValidate>
        <HStack justify="space-between" bg="bg.muted" rounded="l2" px="3" py="2" gap="3">
          <Text truncate fontWeight="medium" title={email}>
            {email}
          </Text>
          <Button type="button" variant="plain" size="sm" colorPalette="secondary" px="0" onClick={onBack}>
            {t('password.useAnotherEmail')}
          </Button>
        </HStack>
        {/* Lets password managers pair the password with the account. */}
        <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
        <Field.Root invalid={Boolean(error)}>
          <Field.Label>{t('password.label')}</Field.Label>
          <PasswordInput
            name="password"
            autoComplete="current-password"
            autoFocus
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
        <SubmitButton loading={login.isPending} loadingText={t('password.signingIn')}>
          {t('password.submit')}
        </SubmitButton>
        <HStack justify="flex-end">
          <Button
            type="button"
            variant="plain"
            size="sm"
            px="0"
            colorPalette="primary"
            color="primary.fg"
            loading={forgot.isPending}
            loadingText={t('password.sendingCode')}
            onClick={resetPassword}
          >
            {t('password.forgot')}
          </Button>
        </HStack>
      </form>
    </Stack>
  );
}
