import { Alert, Field, Input, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { authApi } from '../api/auth-api';
import { authMutations } from '../api/auth-mutations';
import { toastAuthError } from '../lib/auth-errors';
import { useFinishSignIn } from '../lib/use-finish-sign-in';
import { checkEmail } from '@/lib/validation';
import { PasswordInput } from '@/components/password-input';
import { SubmitButton } from '@/components/submit-button';

/** What a shopper who signs in at /admin/auth is told. */
export const NOT_AN_ADMIN =
  'This sign-in is for Sokoni admins. Please use the shop sign-in for your shopping account.';

/**
 * /admin/auth: email and password. A shopper's correct password is refused here: the session the
 * server opened for it is ended at once and nothing is stored, so no one is left signed in as a
 * customer on the admin page; they are pointed to the shop's own sign-in.
 */
export function AdminLoginForm() {
  const queryClient = useQueryClient();
  const finishSignIn = useFinishSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string | null; password?: string | null }>({});
  const [refused, setRefused] = useState(false);
  const login = useMutation(authMutations.adminLogin(queryClient));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = { email: checkEmail(email), password: password ? null : 'Please enter your password.' };
    setErrors(found);
    if (found.email || found.password) return;
    setRefused(false);
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: async (result) => {
          if (result.user.type !== 'admin') {
            setRefused(true);
            setPassword('');
            // Best effort: the token was never stored, so a failure here leaves nothing behind in the SPA.
            await authApi.logout(result.token).catch(() => undefined);
            return;
          }
          await finishSignIn(result);
        },
        onError: toastAuthError,
      },
    );
  };

  return (
    <Stack asChild gap="5" mt="2">
      <form onSubmit={submit} noValidate>
        {refused ? (
          <Alert.Root status="warning" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{NOT_AN_ADMIN}</Alert.Title>
              <Alert.Description>
                <ChakraLink asChild fontWeight="semibold" colorPalette="secondary" color="secondary.fg">
                  <Link to="/auth">Go to the shop sign-in</Link>
                </ChakraLink>
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        <Field.Root invalid={Boolean(errors.email)}>
          <Field.Label>Email</Field.Label>
          <Input
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            autoFocus
            bg="bg"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Field.ErrorText>{errors.email}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.password)}>
          <Field.Label>Password</Field.Label>
          <PasswordInput
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Field.ErrorText>{errors.password}</Field.ErrorText>
        </Field.Root>
        <SubmitButton colorPalette="secondary" loading={login.isPending} loadingText="Signing in…">
          Sign in to the back office
        </SubmitButton>
      </form>
    </Stack>
  );
}
