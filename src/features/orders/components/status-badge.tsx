import { Badge, type BadgeProps } from '@chakra-ui/react';
import type { AttemptStatus, OrderStatus, PaymentStatus } from '@contract/checkout';
import { useTranslation } from 'react-i18next';
import { ATTEMPT_PALETTE, FULFILMENT_PALETTE, PAYMENT_PALETTE } from '../model/status';

function StatusBadge({ label, palette, ...rest }: { label: string; palette: string } & BadgeProps) {
  return (
    <Badge colorPalette={palette} variant="subtle" size="md" {...rest}>
      {label}
    </Badge>
  );
}

export const PaymentBadge = ({ status, ...rest }: { status: PaymentStatus } & BadgeProps) => {
  const { t } = useTranslation('orders');
  return (
    <StatusBadge
      label={t(`status.payment.${status}`)}
      palette={PAYMENT_PALETTE[status]}
      data-testid="payment-status"
      {...rest}
    />
  );
};

export const FulfilmentBadge = ({ status, ...rest }: { status: OrderStatus } & BadgeProps) => {
  const { t } = useTranslation('orders');
  return (
    <StatusBadge
      label={t(`status.fulfilment.${status}`)}
      palette={FULFILMENT_PALETTE[status]}
      data-testid="order-status"
      {...rest}
    />
  );
};

export const AttemptBadge = ({ status, ...rest }: { status: AttemptStatus } & BadgeProps) => {
  const { t } = useTranslation('orders');
  return (
    <StatusBadge
      label={t(`status.attempt.${status}`)}
      palette={ATTEMPT_PALETTE[status]}
      size="sm"
      {...rest}
    />
  );
};
