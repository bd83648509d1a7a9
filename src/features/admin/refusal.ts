import { can, refusalMessage, type Permission, type StaffRole } from '@contract/roles';

/** Why a role may not do what a permission names, or null when it may. */
export const refusalFor = (role: StaffRole | null | undefined, permission: Permission): string | null =>
  can(role, permission) ? null : refusalMessage(role, permission);
