import { Button, Stack } from '@chakra-ui/react';
import { MdiIcon } from '@/components/mdi-icon';
import {
  mdiFormatListBulletedType,
  mdiMopedOutline,
  mdiPackageVariantClosed,
  mdiReceiptTextOutline,
  mdiAccountGroupOutline,
  mdiAccountHeartOutline,
  mdiSaleOutline,
  mdiShapeOutline,
  mdiViewDashboardOutline,
} from '@mdi/js';
import { Link } from '@tanstack/react-router';
import type { Permission } from '@contract/roles';
import { usePermitted } from '../use-can';

/** The back office's sections, in the sidebar's order, each with the permission its screen needs. */
const ADMIN_SECTIONS = [
  {
    to: '/admin/$adminId/dashboard',
    label: 'Dashboard',
    icon: mdiViewDashboardOutline,
    permission: 'dashboard.read',
  },
  {
    to: '/admin/$adminId/products',
    label: 'Products',
    icon: mdiPackageVariantClosed,
    permission: 'products.read',
  },
  {
    to: '/admin/$adminId/categories',
    label: 'Categories',
    icon: mdiShapeOutline,
    permission: 'taxonomy.write',
  },
  {
    to: '/admin/$adminId/attributes',
    label: 'Attributes',
    icon: mdiFormatListBulletedType,
    permission: 'taxonomy.write',
  },
  { to: '/admin/$adminId/discounts', label: 'Discounts', icon: mdiSaleOutline, permission: 'discounts.read' },
  { to: '/admin/$adminId/orders', label: 'Orders', icon: mdiReceiptTextOutline, permission: 'orders.read' },
  {
    to: '/admin/$adminId/customers',
    label: 'Customers',
    icon: mdiAccountHeartOutline,
    permission: 'customers.read',
  },
  { to: '/admin/$adminId/staff', label: 'Staff', icon: mdiAccountGroupOutline, permission: 'staff.manage' },
  // A rider's only section.
  {
    to: '/admin/$adminId/deliveries',
    label: 'Deliveries',
    icon: mdiMopedOutline,
    permission: 'deliveries.own',
  },
] as const satisfies readonly { to: string; label: string; icon: string; permission: Permission }[];

export interface AdminNavProps {
  adminId: string;
  /** Icons only, the label as the link's accessible name and tooltip. */
  collapsed?: boolean;
  /** Called after a section is chosen (the phone drawer closes). */
  onNavigate?: () => void;
}

/**
 * The section links the signed-in role may use; a section stays marked while one of its pages is open
 * (products/create…).
 */
export function AdminNav({ adminId, collapsed = false, onNavigate }: AdminNavProps) {
  const sections = usePermitted(ADMIN_SECTIONS);
  return (
    <Stack as="nav" aria-label="Admin menu" gap="1">
      {sections.map((s) => (
        <Button
          key={s.to}
          asChild
          variant="ghost"
          colorPalette="secondary"
          justifyContent={collapsed ? 'center' : 'flex-start'}
          px={collapsed ? '0' : '3'}
          css={{
            '&[data-status=active]': {
              bg: 'secondary.subtle',
              color: 'secondary.fg',
              fontWeight: 'semibold',
            },
          }}
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
