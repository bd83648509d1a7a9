import { notify } from '@/lib/notify';
import { admin } from '@/test/tokens';
import { isRedirect } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { permitted } from './permitted';
import type { SessionUser } from '@/features/session';

const as = (user: SessionUser) => ({ user, isAuthenticated: true, token: 't' }) as never;
const open = (user: SessionUser, permission: Parameters<typeof permitted>[0], preload = false) =>
  permitted(permission)({ context: { session: () => as(user) }, preload });

/** What `open` threw: the redirect's target, or nothing when the screen opened. */
async function refusedTo(opening: Promise<void>) {
  try {
    await opening;
    return null;
  } catch (thrown) {
    if (!isRedirect(thrown)) throw thrown;
    return thrown.options;
  }
}

describe('a back-office screen that needs a permission', () => {
  const packer = { ...admin, role: 'fulfilment' as const };
  const dashboard = { to: '/admin/$adminId/dashboard', params: { adminId: admin.userId }, replace: true };
  afterEach(() => vi.restoreAllMocks());

  it('opens for a role that has the permission', async () => {
    expect(await refusedTo(open(packer, 'orders.read'))).toBeNull();
    expect(await refusedTo(open({ ...admin, role: 'owner' }, 'discounts.write'))).toBeNull();
  });

  it('sends a role without it to its dashboard, saying why', async () => {
    const error = vi.spyOn(notify, 'error');
    expect(await refusedTo(open(packer, 'discounts.read'))).toMatchObject(dashboard);
    expect(error).toHaveBeenCalledWith('Your role (fulfilment) cannot see discounts.');
  });

  it('turns a hovered link away without a word', async () => {
    const error = vi.spyOn(notify, 'error');
    expect(await refusedTo(open(packer, 'orders.refund', true))).toMatchObject(dashboard);
    expect(error).not.toHaveBeenCalled();
  });

  it('lets nobody without a role in', async () => {
    const error = vi.spyOn(notify, 'error');
    expect(await refusedTo(open({ ...admin, role: null }, 'orders.read'))).toMatchObject(dashboard);
    expect(error).toHaveBeenCalledWith('This needs a staff account that may see orders.');
  });
});
