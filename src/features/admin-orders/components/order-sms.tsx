import { HStack, List, Text } from '@chakra-ui/react';
import type { AdminOrderSms } from '@contract/admin-orders';
import { nairobiTime, SMS_EVENT_LABELS } from '../model/look';
import { SmsBadge } from './order-badges';

export interface OrderSmsProps {
  messages: readonly AdminOrderSms[];
}

/** The SMS the shopper was sent about the order, oldest first, each with where it stands. */
export function OrderSms({ messages }: OrderSmsProps) {
  if (messages.length === 0)
    return <Text color="fg.muted">No SMS about this order: the shopper has order updates by SMS off.</Text>;
  return (
    <List.Root as="ol" aria-label="SMS" gap="3" variant="plain">
      {messages.map((m) => {
        const at = m.deliveredAt ?? m.sentAt ?? m.queuedAt;
        return (
          <List.Item key={m.smsId} display="block">
            <HStack gap="2" wrap="wrap">
              <Text fontSize="sm" fontWeight="medium">
                {SMS_EVENT_LABELS[m.event]}
              </Text>
              <SmsBadge status={m.status} />
            </HStack>
            <Text fontSize="xs" color="fg.muted">
              To {m.phone} · <time dateTime={at}>{nairobiTime(at)}</time>
              {m.attempts > 1 ? ` · ${m.attempts} tries` : ''}
            </Text>
            {m.reason && m.status !== 'delivered' && m.status !== 'sent' ? (
              <Text fontSize="xs" color={m.status === 'failed' ? 'fg.error' : 'fg.muted'}>
                {m.status === 'failed' ? 'Not delivered: ' : 'Last try: '}
                {m.reason}
              </Text>
            ) : null}
          </List.Item>
        );
      })}
    </List.Root>
  );
}
