import { Button, Stack } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import {
  mdiFormatListBulletedType,
  mdiPackageVariantClosed,
  mdiReceiptTextOutline,
  mdiSaleOutline,
  mdiShapeOutline,
  mdiViewDashboardOutline,
} from '@mdi/js';
import { Link } from '@tanstack/react-router';

/** The back office's sections, in the sidebar's order (issue 10). */
const ADMIN_SECTIONS = [
  { to: '/admin/$adminId/dashboard', label: 'Dashboard', icon: mdiViewDashboardOutline },
  { to: '/admin/$adminId/products', label: 'Products', icon: mdiPackageVariantClosed },
  { to: '/admin/$adminId/categories', label: 'Categories', icon: mdiShapeOutline },
  { to: '/admin/$adminId/attributes', label: 'Attributes', icon: mdiFormatListBulletedType },
  { to: '/admin/$adminId/discounts', label: 'Discounts', icon: mdiSaleOutline },
  { to: '/admin/$adminId/orders', label: 'Orders', icon: mdiReceiptTextOutline },
] as const;

export interface AdminNavProps {
  adminId: string;
  /** Icons only, the label as the link's accessible name and tooltip. */
  collapsed?: boolean;
  /** Called after a section is chosen (the phone drawer closes). */
  onNavigate?: () => void;
}

/** The section links; a section stays marked while one of its pages is open (products/create…). */
export function AdminNav({ adminId, collapsed = false, onNavigate }: AdminNavProps) {
  return (
    <Stack as="nav" aria-label="Admin menu" gap="1">
      {ADMIN_SECTIONS.map((s) => (
        <Button
          key={s.to}
          asChild
          variant="ghost"
          colorPalette="secondary"
          justifyContent={collapsed ? 'center' : 'flex-start'}
          px={collapsed ? '0' : '3'}
          css={{ '&[data-status=active]': { bg: 'secondary.subtle', color: 'secondary.fg', fontWeight: 'semibold' } }}
        >
          <Link
            to={s.to}
            params={{ adminId }}
            onClick={onNavigate}
            aria-label={collapsed ? s.label : undefined}
            title={collapsed ? s.label : undefined}
          >
            <MdiIcon path={s.icon} boxSize="5" />
            {collapsed ? null : s.label}
          </Link>
        </Button>
      ))}
    </Stack>
  );
}
