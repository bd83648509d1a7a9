import { Badge, Button, Card, Field, Heading, HStack, Input, Stack, Text, Wrap } from '@chakra-ui/react';
import { ListFilter } from '@/components/admin-list';
import { isApiError } from '@/lib/api-client';
import { fieldIssues, toastError } from '@/lib/errors';
import { notify } from '@/lib/notify';
import type { StaffInvitation } from '@contract/admin-staff';
import { formatNairobi } from '@contract/nairobi-time';
import type { StaffRole } from '@contract/roles';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { staffQueries, useInvitationActions } from '../api/staff';
import { ROLE_OPTIONS, roleName } from './roles';

/** The owner's invitation form: an email and a role; a refusal (a shopper's email, say) shows under the email. */
function InviteForm() {
  const { invite } = useInvitationActions();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('fulfilment');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    invite.mutate(
      { email: email.trim(), role },
      {
        onSuccess: (sent) => {
          notify.success(`Invitation sent to ${sent.email}. The link works for 72 hours.`);
          setEmail('');
        },
        onError: (error) => {
          const issues = fieldIssues(error);
          if (issues.email) setProblem(`Email ${issues.email}.`);
          else if (isApiError(error) && error.status === 409) setProblem(error.message);
          else toastError(error);
        },
      },
    );
  }

  return (
    <Card.Root as="section" aria-labelledby="invite-heading" variant="outline">
      <Card.Body>
        <form onSubmit={submit} noValidate>
          <Stack gap="3">
            <Heading as="h2" size="md" id="invite-heading">
              Invite someone
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              They get an email with a link to choose their name and password. It works once, for 72 hours.
            </Text>
            <Wrap gap="3" align="flex-start">
              <Field.Root invalid={problem !== null} required flex="1" minW="56">
                <Field.Label>Email</Field.Label>
                <Input
                  type="email"
                  autoComplete="off"
                  value={email}
                  onChange={(e) => {
                    setEmail(e.target.value);
                    setProblem(null);
                  }}
                />
                <Field.ErrorText>{problem}</Field.ErrorText>
              </Field.Root>
              <Field.Root width={{ base: 'full', sm: '52' }}>
                <Field.Label>Role</Field.Label>
                <ListFilter
                  label="Role"
                  value={role}
                  options={ROLE_OPTIONS}
                  width="52"
                  onChange={(r) => r && setRole(r)}
                />
              </Field.Root>
            </Wrap>
            <Button
              type="submit"
              colorPalette="primary"
              alignSelf="flex-start"
              loading={invite.isPending}
              disabled={!email.trim()}
            >
              Send invitation
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

function InvitationCard({ invitation }: { invitation: StaffInvitation }) {
  const { resend, revoke } = useInvitationActions();
  const { email } = invitation;
  return (
    <Card.Root as="li" variant="outline" aria-label={email}>
      <Card.Body>
        <Wrap justify="space-between" align="center" gap="3">
          <Stack gap="0.5" minW="0">
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="semibold">{email}</Text>
              <Badge variant="subtle">{roleName(invitation.role)}</Badge>
              <Badge colorPalette={invitation.expired ? 'gray' : 'orange'} variant="subtle">
                {invitation.expired ? 'Expired' : 'Waiting'}
              </Badge>
            </HStack>
            <Text fontSize="xs" color="fg.muted">
              {`Sent ${formatNairobi(invitation.sentAt)}${invitation.invitedBy ? ` by ${invitation.invitedBy}` : ''} · ${
                invitation.expired ? 'expired' : 'expires'
              } ${formatNairobi(invitation.expiresAt)}`}
            </Text>
          </Stack>
          <HStack gap="3" wrap="wrap">
            <Button
              variant="outline"
              loading={resend.isPending}
              onClick={() =>
                resend.mutate(invitation.invitationId, {
                  onSuccess: () => notify.success(`A new link was sent to ${email}.`),
                  onError: (error) => toastError(error),
                })
              }
            >
              Send again
            </Button>
            <Button
              variant="outline"
              colorPalette="danger"
              loading={revoke.isPending}
              onClick={() =>
                revoke.mutate(invitation.invitationId, {
                  onSuccess: () => notify.success(`The invitation to ${email} is withdrawn.`),
                  onError: (error) => toastError(error),
                })
              }
            >
              Revoke
            </Button>
          </HStack>
        </Wrap>
      </Card.Body>
    </Card.Root>
  );
}

/** The invitation form and the invitations still waiting for their invitee. */
export function Invitations() {
  const query = useQuery(staffQueries.invitations());
  const rows = query.data?.rows ?? [];
  return (
    <Stack gap="4">
      <InviteForm />
      {rows.length > 0 ? (
        <Stack as="section" gap="3" aria-labelledby="invitations-heading">
          <Heading as="h2" size="md" id="invitations-heading">
            Invitations
          </Heading>
          <Stack as="ul" gap="3" aria-label="Invitations" listStyleType="none">
            {rows.map((i) => (
              <InvitationCard key={i.invitationId} invitation={i} />
            ))}
          </Stack>
        </Stack>
      ) : null}
    </Stack>
  );
}
