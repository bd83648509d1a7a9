import { Box, HStack, List, Text } from '@chakra-ui/react';
import type { TimelineEntry, TimelineKind } from '@contract/admin-orders';
import { nairobiTime } from '../model/look';

// Who acted, at a glance: the shop's staff, the shopper, or the systems.
const DOT: Record<TimelineKind, string> = {
  placed: 'secondary.solid',
  prompt_sent: 'border.emphasized',
  payment_paid: 'green.solid',
  payment_failed: 'danger.solid',
  payment_expired: 'support.solid',
  payment_needs_review: 'info.solid',
  payment_checked: 'info.solid',
  marked_paid: 'green.solid',
  status_changed: 'primary.solid',
  rider_assigned: 'primary.solid',
  cancelled: 'danger.solid',
  refund_due: 'danger.solid',
  refunded: 'support.solid',
};

export interface OrderTimelineProps {
  entries: readonly TimelineEntry[];
}

/** Every change of an order, oldest first: who, what, and when on Nairobi's clock. */
export function OrderTimeline({ entries }: OrderTimelineProps) {
  if (entries.length === 0) return <Text color="fg.muted">Nothing has happened to this order yet.</Text>;
  return (
    <List.Root as="ol" aria-label="Timeline" gap="0" variant="plain">
      {entries.map((e, i) => (
        <List.Item key={`${e.at}-${i}`} position="relative" ps="6" pb={i === entries.length - 1 ? '0' : '4'}>
          {i < entries.length - 1 ? (
            <Box
              position="absolute"
              insetStart="1.5"
              top="4"
              bottom="0"
              borderStartWidth="2px"
              borderColor="border.muted"
            />
          ) : null}
          <Box position="absolute" insetStart="0" top="1.5" boxSize="3.5" rounded="full" bg={DOT[e.kind]} />
          <Text fontSize="sm">{e.summary}</Text>
          <HStack gap="1" fontSize="xs" color="fg.muted" wrap="wrap">
            <Text as="span" fontWeight="medium" color="fg">
              {e.actorName}
            </Text>
            <Text as="span" aria-hidden>
              ·
            </Text>
            <Text asChild>
              <time dateTime={e.at}>{nairobiTime(e.at)}</time>
            </Text>
          </HStack>
        </List.Item>
      ))}
    </List.Root>
  );
}
