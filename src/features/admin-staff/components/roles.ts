import type { StaffRole } from '@contract/roles';

/** Each role as the owner reads it, with what it is for. */
export const ROLE_OPTIONS: readonly (readonly [StaffRole, string])[] = [
  ['owner', 'Owner'],
  ['manager', 'Manager'],
  ['catalogue', 'Catalogue'],
  ['fulfilment', 'Fulfilment (packer)'],
  ['rider', 'Rider'],
];

export const roleName = (role: StaffRole) => ROLE_OPTIONS.find(([r]) => r === role)![1];
