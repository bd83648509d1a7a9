import { Button, HStack, Link as ChakraLink, Spinner, Stack, Text } from '@chakra-ui/react';
import { OTP_RESEND_SECONDS, OTP_TTL_SECONDS } from '@contract/auth';
import { MdiIcon } from '@/components/mdi-icon';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { mdiArrowLeft, mdiEmailFastOutline } from '@mdi/js';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { authMutations } from '../api/auth-mutations';
import { isDeadEnd, toastAuthError } from '../lib/auth-errors';
import { isChallengeId } from '../lib/tokens';
import {
  markCodeSent,
  useCodeSentAt,
  useFlowEmail,
  useFlowPurpose,
  useRedirectSearch,
} from '../stores/auth-flow-store';
import { AuthCard } from './auth-card';
import { CodeInput } from './code-input';
import { LinkDeadEnd } from './link-dead-end';

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** Seconds until a new code may be asked for, ticking down once a second. */
function useResendCountdown(sentAt: number): number {
  const [now, setNow] = useState(Date.now);
  const seconds = Math.min(
    OTP_RESEND_SECONDS,
    Math.max(0, Math.ceil(OTP_RESEND_SECONDS - (now - sentAt) / 1000)),
  );
  const running = seconds > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return seconds;
}

/**
 * /auth/verify-account/{challengeId}: the 6-digit code. A right code becomes a profile token and
 * leads to the profile form (new account) or the password form (reset, or an account without one).
 */
export function VerifyCodePanel({ challengeId }: { challengeId: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const email = useFlowEmail();
  const purpose = useFlowPurpose();
  const storedSentAt = useCodeSentAt(challengeId);
  // Opened from the email in another tab, the page does not know when the code left: count from now.
  const [openedAt] = useState(() => Date.now());
  const sentAt = storedSentAt ?? openedAt;
  const secondsLeft = useResendCountdown(sentAt);
  const [attempt, setAttempt] = useState(0);
  const [deadEnd, setDeadEnd] = useState(!isChallengeId(challengeId));
  const [wrongCode, setWrongCode] = useState(false);
  const hintId = useId();
  const redirectSearch = useRedirectSearch();

  const verify = useMutation(authMutations.verifyOtp());
  const resend = useMutation(authMutations.resendOtp());

  const submit = (otp: string) =>
    verify.mutate(
      { id: challengeId, otp },
      {
        onSuccess: ({ token, newAccount }) => {
          const to = newAccount ? '/auth/complete-profile/$token' : '/auth/credentials/$token';
          void navigate({ to, params: { token }, replace: true });
        },
        onError: (error) => {
          toastAuthError(error);
          // An expired code is not the end: the challenge takes a new one (Resend code).
          const expired = isApiError(error) && error.code === 'code_expired';
          if (isDeadEnd(error) && !expired) setDeadEnd(true);
          setWrongCode(isApiError(error) && error.code === 'invalid_code');
          setAttempt((n) => n + 1); // a fresh, empty set of boxes
        },
      },
    );

  const sendAgain = () =>
    resend.mutate(challengeId, {
      onSuccess: () => {
        markCodeSent(challengeId);
        setWrongCode(false);
        setAttempt((n) => n + 1);
        notify.success(t('code.resent'));
      },
      onError: (error) => {
        toastAuthError(error);
        if (isDeadEnd(error)) setDeadEnd(true);
      },
    });

  const title = purpose === 'reset' ? t('code.titleReset') : t('code.title');
  const backLink = (
    <ChakraLink asChild color="fg.muted" fontSize="sm">
      <Link to="/auth" search={redirectSearch}>
        <MdiIcon path={mdiArrowLeft} />
        {t('code.useDifferentEmail')}
      </Link>
    </ChakraLink>
  );

  if (deadEnd) {
    return (
      <AuthCard title={title}>
        <LinkDeadEnd title={t('code.deadEnd')} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={title}
      description={
        email ? (
          <Trans
            t={t}
            i18nKey="code.sentTo"
            values={{ email, minutes: OTP_TTL_SECONDS / 60 }}
            components={{ strong: <Text as="strong" color="fg" /> }}
          />
        ) : (
          t('code.sentToYou', { minutes: OTP_TTL_SECONDS / 60 })
        )
      }
    >
      <Stack gap="5" mt="3">
        <CodeInput
          key={attempt}
          onComplete={submit}
          disabled={verify.isPending}
          invalid={wrongCode}
          label={t('code.label')}
          describedBy={hintId}
        />
        <Text id={hintId} fontSize="sm" color="fg.muted" textAlign="center" minH="5">
          {verify.isPending ? (
            <HStack as="span" justify="center" gap="2">
              <Spinner size="xs" /> {t('code.checking')}
            </HStack>
          ) : wrongCode ? (
            t('code.wrong')
          ) : (
            t('code.pasteHint')
          )}
        </Text>
        <Stack gap="1" align="center">
          <Button
            variant="outline"
            colorPalette="secondary"
            disabled={secondsLeft > 0}
            loading={resend.isPending}
            loadingText={t('code.sending')}
            onClick={sendAgain}
          >
            <MdiIcon path={mdiEmailFastOutline} />
            {secondsLeft > 0 ? t('code.resendIn', { time: clock(secondsLeft) }) : t('code.resend')}
          </Button>
          <Text fontSize="xs" color="fg.muted">
            {t('code.noEmail')}
          </Text>
        </Stack>
        <HStack justify="center">{backLink}</HStack>
      </Stack>
    </AuthCard>
  );
}
