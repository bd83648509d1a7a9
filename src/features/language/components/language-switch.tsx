import { Button, Group, Text, Stack } from '@chakra-ui/react';
import { LANGUAGES } from '@contract/languages';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../hooks/use-language';

/** English or Kiswahili, as two buttons of which the shown language is pressed. */
export function LanguageSwitch({ size = 'sm' }: { size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const { language, choose } = useLanguage();
  const labelId = useId();
  return (
    <Stack gap="2" align="flex-start">
      <Text id={labelId} fontSize="sm" fontWeight="medium" color="fg.muted">
        {t('language.label')}
      </Text>
      <Group attached role="group" aria-labelledby={labelId}>
        {LANGUAGES.map((l) => (
          <Button
            key={l}
            size={size}
            variant={l === language ? 'solid' : 'outline'}
            colorPalette="primary"
            aria-pressed={l === language}
            lang={l === 'sw' ? 'sw-KE' : 'en-KE'}
            onClick={() => void choose(l)}
          >
            {t(`language.${l}`)}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
