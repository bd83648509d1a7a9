import { Badge, Button, Card, Heading, HStack, Skeleton, Stack, Text, Wrap } from '@chakra-ui/react';
import { ListFilter } from '@/components/admin-list';
import { PageFrame } from '@/components/layout/page-frame';
import { useUser } from '@/features/session';
import { toastError } from '@/lib/errors';
import { notify } from '@/lib/notify';
import type { StaffMember } from '@contract/admin-staff';
import { formatNairobi } from '@contract/nairobi-time';
import type { StaffRole } from '@contract/roles';
import { useQuery } from '@tanstack/react-query';
import { staffQueries, useUpdateStaff } from '../api/staff';
import { Invitations } from './invitations';
import { ROLE_OPTIONS, roleName } from './roles';

function MemberCard({ member, isMe }: { member: StaffMember; isMe: boolean }) {
  const update = useUpdateStaff();
  const label = member.name || member.email;

  function change(next: { role?: StaffRole; active?: boolean }, done: string) {
    update.mutate(
      { userId: member.userId, change: next },
      { onSuccess: () => notify.success(done), onError: (error) => toastError(error) },
    );
  }

  return (
    <Card.Root as="li" variant="outline" aria-label={label} opacity={member.active ? 1 : 0.7}>
      <Card.Body>
        <Wrap justify="space-between" align="center" gap="3">
          <Stack gap="0.5" minW="0">
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="semibold">{label}</Text>
              {isMe ? <Badge variant="subtle">You</Badge> : null}
              <Badge colorPalette={member.active ? 'green' : 'gray'} variant="subtle">
                {member.active ? 'Active' : 'Deactivated'}
              </Badge>
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              {member.email}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {member.lastSignInAt
                ? `Last signed in ${formatNairobi(member.lastSignInAt)}`
                : 'Never signed in'}
            </Text>
          </Stack>
          {isMe ? (
            <Text fontSize="sm">{roleName(member.role)}</Text>
          ) : (
            <HStack gap="3" wrap="wrap">
              <ListFilter
                label={`Role of ${label}`}
                value={member.role}
                options={ROLE_OPTIONS}
                width="52"
                onChange={(role) =>
                  role && change({ role }, `${label} is now ${roleName(role).toLowerCase()}.`)
                }
              />
              <Button
                variant="outline"
                colorPalette={member.active ? 'danger' : 'primary'}
                loading={update.isPending}
                onClick={() =>
                  member.active
                    ? change({ active: false }, `${label} is deactivated and signed out everywhere.`)
                    : change({ active: true }, `${label} can sign in again.`)
                }
              >
                {member.active ? 'Deactivate' : 'Reactivate'}
              </Button>
            </HStack>
          )}
        </Wrap>
      </Card.Body>
    </Card.Root>
  );
}

/** `/admin/{adminId}/staff`: the owner's team, each member's role, and who may still sign in. */
export function StaffPage() {
  const me = useUser();
  const query = useQuery(staffQueries.list());
  return (
    <PageFrame
      title="Staff"
      description="Who runs the shop with you: invite someone, change a role, or deactivate an account to sign it out everywhere at once."
    >
      <Invitations />
      {query.isPending ? (
        <Stack gap="3" aria-busy="true" aria-label="Loading staff">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} h="20" rounded="l3" />
          ))}
        </Stack>
      ) : !query.data ? (
        <Stack align="center" gap="3" py="12" role="alert">
          <Text fontWeight="semibold">We could not load the staff.</Text>
          <Button colorPalette="primary" variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : (
        <Stack as="section" gap="3" aria-labelledby="team-heading">
          <Heading as="h2" size="md" id="team-heading">
            Team
          </Heading>
          <Stack as="ul" gap="3" aria-label="Staff" listStyleType="none">
            {query.data.rows.map((m) => (
              <MemberCard key={m.userId} member={m} isMe={m.userId === me?.userId} />
            ))}
          </Stack>
        </Stack>
      )}
    </PageFrame>
  );
}
