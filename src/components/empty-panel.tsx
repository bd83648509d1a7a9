import { Button, EmptyState, Stack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MdiIcon } from './mdi-icon';

interface EmptyPanelProps {
  /** An @mdi/js path. */
  icon: string;
  /** `muted` greys the icon: a dead end (not found, not for admins) rather than an empty list. */
  tone?: 'primary' | 'muted';
  title: string;
  description: ReactNode;
  /** What to do next, e.g. a link back to the products. */
  children?: ReactNode;
}

/** A page's "nothing here" panel: icon, title, a sentence and what to do next. */
export function EmptyPanel({ icon, tone = 'primary', title, description, children }: EmptyPanelProps) {
  return (
    <EmptyState.Root size="lg" bg="bg.panel" borderWidth="1px" rounded="l3">
      <EmptyState.Content>
        <EmptyState.Indicator color={tone === 'muted' ? 'fg.muted' : 'primary.solid'}>
          <MdiIcon path={icon} boxSize="12" />
        </EmptyState.Indicator>
        <Stack textAlign="center" gap="1">
          {/* A section's heading wherever the panel stands (under a page's h1 or a section's h2), never a
              skipped level: Chakra's default is an h3. */}
          <EmptyState.Title as="h2">{title}</EmptyState.Title>
          <EmptyState.Description>{description}</EmptyState.Description>
        </Stack>
        {children}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/** The usual way on from an empty page: the products on the landing page. */
export function BrowseProducts() {
  const { t } = useTranslation();
  return (
    <Button asChild colorPalette="primary" size="lg">
      <Link to="/" hash="our-products">
        {t('browseProducts')}
      </Link>
    </Button>
  );
}
