import { Stack, Switch, Text } from '@chakra-ui/react';
import type { User } from '@contract/auth';
import { authMutations } from '@/features/auth';
import { toastError } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Whether order updates also go by SMS (PATCH /auth/me `smsUpdates`); email goes either way. */
export function SmsUpdatesSwitch({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const update = useMutation(authMutations.updateMe(queryClient));
  // While saving, the switch shows what was asked for; a refusal puts it back.
  const checked =
    update.isPending && update.variables ? Boolean(update.variables.smsUpdates) : user.smsUpdates;
  return (
    <Stack gap="2">
      <Switch.Root
        checked={checked}
        disabled={update.isPending}
        colorPalette="primary"
        onCheckedChange={(e) =>
          update.mutate(
            { smsUpdates: e.checked },
            {
              onSuccess: (saved) =>
                notify.success(
                  saved.smsUpdates
                    ? 'We will text you about your orders.'
                    : 'We will not text you about your orders.',
                ),
              onError: (error) => toastError(error),
            },
          )
        }
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>Order updates by SMS</Switch.Label>
      </Switch.Root>
      <Text color="fg.muted" fontSize="sm">
        A text to the M-Pesa phone you pay with when an order is received, paid, on its way, delivered,
        cancelled or refunded. We email you about your orders either way.
      </Text>
    </Stack>
  );
}
