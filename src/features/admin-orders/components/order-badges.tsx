import { Badge, type BadgeProps } from '@chakra-ui/react';
import type { OrderStatus, PaymentStatus, RefundStatus } from '@contract/checkout';
import type { SmsStatus } from '@contract/sms';
import { fulfilmentLook, paymentLook, smsLook, type Look } from '../model/look';

function LookBadge({ look, ...rest }: { look: Look } & BadgeProps) {
  return (
    <Badge colorPalette={look.palette} variant="subtle" size="sm" {...rest}>
      {look.label}
    </Badge>
  );
}

export const PaymentBadge = ({ status, ...rest }: { status: PaymentStatus } & BadgeProps) => (
  <LookBadge look={paymentLook(status)} {...rest} />
);

export const FulfilmentBadge = ({ status, ...rest }: { status: OrderStatus } & BadgeProps) => (
  <LookBadge look={fulfilmentLook(status)} {...rest} />
);

/** Marks an order whose shopper is owed money, or was paid back. */
export const RefundBadge = ({ status, ...rest }: { status: RefundStatus } & BadgeProps) =>
  status === 'due' ? (
    <LookBadge look={{ label: 'Refund due', palette: 'danger' }} variant="solid" {...rest} />
  ) : (
    <LookBadge look={{ label: 'Refunded', palette: 'support' }} {...rest} />
  );

export const SmsBadge = ({ status, ...rest }: { status: SmsStatus } & BadgeProps) => (
  <LookBadge look={smsLook(status)} {...rest} />
);
