import { Card, Flex, Heading, Separator, Stack, Text } from '@chakra-ui/react';
import { formatKsh } from '@/lib/format';
import type { PaymentAttempt } from '@contract/checkout';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../model/status';
import { AttemptBadge } from './status-badge';

/** Every M-Pesa prompt of the order, newest first: when, to which phone, how much, how it ended. */
export function PaymentHistory({ attempts }: { attempts: PaymentAttempt[] }) {
  const { t, i18n } = useTranslation('orders');
  const when = (iso: string) => formatDateTime(iso, i18n.language);
  if (attempts.length === 0) return null;
  return (
    <Card.Root as="section" aria-labelledby="attempts-heading" bg="bg.panel">
      <Card.Body gap="3">
        <Heading as="h2" size="md" id="attempts-heading">
          {t('history.title')}
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
              aria-label={t('history.attemptOf', { date: when(a.createdAt) })}
            >
              <Flex justify="space-between" align="center" gap="3">
                <AttemptBadge status={a.status} />
                <Text fontWeight="semibold" whiteSpace="nowrap">
                  {formatKsh(a.amount)}
                </Text>
              </Flex>
              <Text fontSize="sm" color="fg.muted">
                {when(a.createdAt)} · {a.phone}
              </Text>
              {a.issue ? (
                <Text fontSize="sm">{t(`issueLabels.${a.issue}`)}</Text>
              ) : a.receipt ? (
                <Text fontSize="sm">{t('payment.receipt', { receipt: a.receipt })}</Text>
              ) : null}
            </Stack>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
