import { Progress, Stack, Text } from '@chakra-ui/react';
import { passwordStrength, type StrengthLevel } from '@/lib/password-strength';
import { useTranslation } from 'react-i18next';

const PALETTE: Record<StrengthLevel, string> = {
  0: 'danger',
  1: 'danger',
  2: 'warning',
  3: 'info',
  4: 'green',
};

/**
 * How strong the password looks, as a bar and a word, with one tip to make it stronger; `person`
 * (their email and name, as far as the form knows them) are words it must not be built on.
 */
export function PasswordStrengthHint({
  password,
  id,
  person,
}: {
  password: string;
  id?: string;
  person?: { email?: string | null; name?: string | null };
}) {
  const { t } = useTranslation('forms');
  if (!password) return null;
  const { level, label, tip } = passwordStrength(password, person);
  return (
    <Stack gap="1" id={id}>
      <Progress.Root
        value={level === 0 ? 8 : level * 25}
        size="xs"
        colorPalette={PALETTE[level]}
        aria-label={t('strength.label')}
        aria-valuetext={label}
      >
        <Progress.Track rounded="full">
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {t('strength.heading')}{' '}
        <Text as="strong" color={`${PALETTE[level]}.fg`}>
          {label}
        </Text>
        {tip ? `. ${tip}` : ''}
      </Text>
    </Stack>
  );
}
