import { Card, Flex, Heading, Separator, Stack, Text } from '@chakra-ui/react';
import { formatKsh } from '@/lib/format';
import type { PaymentAttempt } from '@contract/checkout';
import { formatDateTime, ISSUE_LABEL } from '../model/status';
import { AttemptBadge } from './status-badge';

/** Every M-Pesa prompt of the order, newest first: when, to which phone, how much, how it ended. */
export function PaymentHistory({ attempts }: { attempts: PaymentAttempt[] }) {
  if (attempts.length === 0) return null;
  return (
    <Card.Root as="section" aria-labelledby="attempts-heading" bg="bg.panel">
      <Card.Body gap="3">
        <Heading as="h2" size="md" id="attempts-heading">
          Payment attempts
        </Heading>
        <Stack
          as="ol"
          listStyleType="none"
          gap="0"
          separator={<Separator />}
          aria-labelledby="attempts-heading"
        >
          {attempts.map((a) => (
            <Stack
              as="li"
              key={a.attemptId}
              gap="1"
              py="2.5"
              aria-label={`Attempt of ${formatDateTime(a.createdAt)}`}
            >
              <Flex justify="space-between" align="center" gap="3">
                <AttemptBadge status={a.status} />
                <Text fontWeight="semibold" whiteSpace="nowrap">
                  {formatKsh(a.amount)}
                </Text>
              </Flex>
              <Text fontSize="sm" color="fg.muted">
                {formatDateTime(a.createdAt)} · {a.phone}
              </Text>
              {a.issue ? (
                <Text fontSize="sm">{ISSUE_LABEL[a.issue]}</Text>
              ) : a.receipt ? (
                <Text fontSize="sm">M-Pesa receipt {a.receipt}</Text>
              ) : null}
            </Stack>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
