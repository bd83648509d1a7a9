import { Card, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ActivityAction } from '@contract/admin';
import { useQuery } from '@tanstack/react-query';
import { adminProductQueries } from '../api/admin-queries';

const ACTION_WORDS: Record<ActivityAction, string> = {
  created: 'created it',
  updated: 'saved changes',
  hidden: 'hid it from the shop',
  shown: 'showed it in the shop',
  archived: 'deleted (archived) it',
  restored: 'restored it',
  deleted: 'deleted it',
  uploaded: 'uploaded an image',
  reordered: 'reordered it',
  paused: 'paused it',
  resumed: 'resumed it',
  status_changed: 'moved it on',
  cancelled: 'cancelled it',
  payment_checked: 'asked M-Pesa about it',
  marked_paid: 'marked it paid',
  refunded: 'recorded a refund',
  role_changed: 'changed the role',
  deactivated: 'deactivated the account',
  reactivated: 'reactivated the account',
  invited: 'sent an invitation',
  invitation_resent: 'sent the invitation again',
  invitation_revoked: 'revoked the invitation',
  joined: 'joined the staff',
  rider_assigned: 'gave it to a rider',
  blocked: 'blocked the customer',
  unblocked: 'unblocked the customer',
  exported: "exported the customer's data",
  erased: "erased the customer's data",
  imported: 'imported it from a CSV file',
  bulk_edited: 'changed it with a bulk edit',
  stock_adjusted: 'adjusted the stock',
};

const when = new Intl.DateTimeFormat('en-KE', { dateStyle: 'medium', timeStyle: 'short' });

/** Who did what to a product, and when (the activity log, newest first). */
export function ActivityPanel({ productId }: { productId: string }) {
  const activity = useQuery(adminProductQueries.activity(productId));
  return (
    <Card.Root as="section" aria-labelledby="activity-heading" size="sm">
      <Card.Header>
        <Heading as="h2" size="md" id="activity-heading">
          Activity
        </Heading>
      </Card.Header>
      <Card.Body>
        {activity.isPending ? (
          <Skeleton height="12" />
        ) : activity.isError ? (
          <Text color="fg.error" fontSize="sm">
            The activity could not be loaded.
          </Text>
        ) : activity.data.data.length === 0 ? (
          <Text color="fg.muted" fontSize="sm">
            No changes recorded yet.
          </Text>
        ) : (
          <Stack as="ol" aria-label="Activity" gap="3">
            {activity.data.data.map((a) => (
              <Stack as="li" key={a.activityId} gap="0" listStyleType="none">
                <Text fontSize="sm">
                  <Text as="span" fontWeight="semibold">
                    {a.actorName}
                  </Text>{' '}
                  {ACTION_WORDS[a.action]}
                  {a.summary && a.action !== 'created' ? ` (${a.summary})` : ''}
                </Text>
                <Text fontSize="xs" color="fg.muted" asChild>
                  <time dateTime={a.at}>{when.format(new Date(a.at))}</time>
                </Text>
              </Stack>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
