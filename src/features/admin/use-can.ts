import { can, type Permission } from '@contract/roles';
import { useUser } from '@/features/session';

/**
 * Whether the signed-in staff member's role has the permission, for what a screen offers (a packer
 * gets no Refund button). The server refuses the same calls whatever the screen shows.
 */
export const useCan = (permission: Permission): boolean => can(useUser()?.role, permission);
