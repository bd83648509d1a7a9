import { Badge, type BadgeProps } from '@chakra-ui/react';
import type { AttemptStatus, OrderStatus, PaymentStatus } from '@contract/checkout';
import { ATTEMPT_LOOK, FULFILMENT_LOOK, PAYMENT_LOOK, type StatusLook } from '../model/status';

function StatusBadge({ look, ...rest }: { look: StatusLook } & BadgeProps) {
  return (
    <Badge colorPalette={look.palette} variant="subtle" size="md" {...rest}>
      {look.label}
    </Badge>
  );
}

export const PaymentBadge = ({ status, ...rest }: { status: PaymentStatus } & BadgeProps) => (
  <StatusBadge look={PAYMENT_LOOK[status]} data-testid="payment-status" {...rest} />
);

export const FulfilmentBadge = ({ status, ...rest }: { status: OrderStatus } & BadgeProps) => (
  <StatusBadge look={FULFILMENT_LOOK[status]} data-testid="order-status" {...rest} />
);

export const AttemptBadge = ({ status, ...rest }: { status: AttemptStatus } & BadgeProps) => (
  <StatusBadge look={ATTEMPT_LOOK[status]} size="sm" {...rest} />
);
