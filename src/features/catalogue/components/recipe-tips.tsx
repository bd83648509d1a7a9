import { Box, Heading, Stack } from '@chakra-ui/react';
import { useHydrated } from '@/lib/use-hydrated';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { sanitizeRecipeHtml } from '../model/sanitize-html';

/**
 * The product's recipe tips, from sanitised HTML; nothing at all when there are none. The sanitiser
 * needs a browser's DOM, so a server-rendered page gets them right after it is taken over.
 */
export function RecipeTips({ html }: { html: string }) {
  const { t } = useTranslation('catalogue');
  const hydrated = useHydrated();
  const clean = useMemo(() => (hydrated ? sanitizeRecipeHtml(html) : ''), [html, hydrated]);
  if (!clean.replace(/<[^>]*>/g, '').trim()) return null;
  return (
    <Stack as="section" aria-labelledby="recipe-tips" gap="3">
      <Heading as="h2" size="lg" id="recipe-tips">
        {t('recipeTips')}
      </Heading>
      <Box
        color="fg"
        lineHeight="tall"
        css={{
          '& p': { marginBottom: '3' },
          '& ul, & ol': { paddingInlineStart: '6', marginBottom: '3' },
          '& ul': { listStyleType: 'disc' },
          '& ol': { listStyleType: 'decimal' },
          '& li': { marginBottom: '1' },
          '& h3, & h4': { fontWeight: 'semibold', marginBottom: '2' },
        }}
        // Sanitised just above: basic tags only, no attributes.
        dangerouslySetInnerHTML={{ __html: clean }}
      />
    </Stack>
  );
}
