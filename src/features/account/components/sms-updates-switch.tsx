import { Stack, Switch, Text } from '@chakra-ui/react';
import type { User } from '@contract/auth';
import { authMutations } from '@/features/auth';
import { toastError } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

/** Whether order updates also go by SMS (PATCH /auth/me `smsUpdates`); email goes either way. */
export function SmsUpdatesSwitch({ user }: { user: User }) {
  const { t } = useTranslation('account');
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
                notify.success(saved.smsUpdates ? t('smsUpdates.on') : t('smsUpdates.off')),
              onError: (error) => toastError(error),
            },
          )
        }
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>{t('smsUpdates.label')}</Switch.Label>
      </Switch.Root>
      <Text color="fg.muted" fontSize="sm">
        {t('smsUpdates.note')}
      </Text>
    </Stack>
  );
}
