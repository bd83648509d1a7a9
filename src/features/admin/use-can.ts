import { can, type Permission } from '@contract/roles';
import { useUser } from '@/features/session';

/**
 * Whether the signed-in staff member's role has the permission, for what a screen offers (a packer
 * gets no Refund button). The server refuses the same calls whatever the screen shows.
 */
export const useCan = (permission: Permission): boolean => can(useUser()?.role, permission);

/** The entries (menu sections, shortcuts) whose permission the signed-in role has, in their order. */
export function usePermitted<T extends { permission: Permission }>(entries: readonly T[]): T[] {
  const role = useUser()?.role;
  return entries.filter((e) => can(role, e.permission));
}
