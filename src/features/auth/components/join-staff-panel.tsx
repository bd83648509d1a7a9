import { Alert, Button, Skeleton, Stack } from '@chakra-ui/react';
import { fieldIssues } from '@/lib/errors';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { INVITATION_UNKNOWN_MESSAGE, STAFF_ROLE_WORDS } from '@contract/invitation-words';
import { formatNairobi } from '@contract/nairobi-time';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { invitationMutations, invitationQueries } from '../api/invitation-api';
import { toastAuthError } from '../lib/auth-errors';
import { useFinishSignIn } from '../lib/use-finish-sign-in';
import { isProfileToken } from '../lib/tokens';
import { AuthFrame } from './auth-card';
import { issuesToErrors, ProfileForm, type ProfileFormValues } from './profile-form';

/** Why the link cannot be used, in the server's words, with the way on. */
function DeadInvitation({ message }: { message: string }) {
  return (
    <Stack gap="4">
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>This invitation can no longer be used</Alert.Title>
          <Alert.Description>{message}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Button asChild colorPalette="primary" variant="outline">
        <Link to="/admin/auth">Go to the admin sign-in</Link>
      </Button>
    </Stack>
  );
}

/**
 * `/admin/join/{token}`: an invitation to the staff. The invitee sees the email and the role, sets a
 * name and a password (and a phone: a rider's is required) and lands in the back office.
 */
export function JoinStaffPanel({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const finishSignIn = useFinishSignIn();
  const wellFormed = isProfileToken(token);
  const invitation = useQuery({ ...invitationQueries.invitation(token), enabled: wellFormed });
  const accept = useMutation(invitationMutations.accept(queryClient, token));
  const [serverErrors, setServerErrors] = useState<ReturnType<typeof issuesToErrors>>();
  const [dead, setDead] = useState<string | null>(null);

  const submit = ({ name, phone, country, password }: ProfileFormValues) =>
    accept.mutate(
      { name, password, country, ...(phone ? { phone } : {}) },
      {
        onSuccess: async (result) => {
          notify.success(`Welcome to the team, ${result.user.name.split(' ')[0]}!`);
          await finishSignIn(result);
        },
        onError: (error) => {
          setServerErrors(issuesToErrors(fieldIssues(error)));
          // Used meanwhile (another tab), withdrawn or expired: the link is done.
          if (isApiError(error) && [404, 409, 410].includes(error.status)) setDead(error.message);
          else toastAuthError(error);
        },
      },
    );

  const failure = !wellFormed
    ? INVITATION_UNKNOWN_MESSAGE
    : (dead ?? (invitation.error ? invitation.error.message : null));
  const found = invitation.data;
  return (
    <AuthFrame
      title="Join the Sokoni team"
      description={
        found && !failure
          ? `You are invited as ${STAFF_ROLE_WORDS[found.role]}, signing in as ${found.email}. Choose your name and a password. The invitation expires ${formatNairobi(found.expiresAt)}.`
          : undefined
      }
    >
      {failure ? (
        <DeadInvitation message={failure} />
      ) : !found ? (
        <Stack gap="3" aria-busy="true" aria-label="Loading the invitation">
          <Skeleton h="10" />
          <Skeleton h="10" />
          <Skeleton h="10" />
        </Stack>
      ) : (
        <ProfileForm
          mode="complete"
          submitLabel="Join the team"
          submitting={accept.isPending}
          serverErrors={serverErrors}
          onSubmit={submit}
        />
      )}
    </AuthFrame>
  );
}
