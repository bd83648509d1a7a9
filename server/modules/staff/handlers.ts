import { currentUser, requireAdmin } from '../../lib/auth/middleware';
import { newRouter, type Deps } from '../../lib/http';
import {
  acceptInvitation,
  inviteStaff,
  listInvitations,
  resendInvitation,
  revokeInvitation,
  viewInvitation,
} from './invitations';
import {
  acceptInvitationRoute,
  inviteStaffRoute,
  listInvitationsRoute,
  listStaffRoute,
  resendInvitationRoute,
  revokeInvitationRoute,
  updateStaffRoute,
  viewInvitationRoute,
} from './routes';
import { listStaff, updateStaff } from './service';

/**
 * The owner's staff screen: `GET /v1/admin/staff`, `PATCH /v1/admin/staff/{userId}`, and the
 * invitations under `/v1/admin/staff/invitations`.
 */
export function staffModule(deps: Deps) {
  const { db } = deps.database;
  const router = newRouter();
  router.use('/*', requireAdmin(deps));
  router.openapi(listStaffRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ data: await listStaff(db) }, 200);
  });
  router.openapi(listInvitationsRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ data: await listInvitations(db) }, 200);
  });
  router.openapi(inviteStaffRoute, async (c) =>
    c.json({ data: await inviteStaff(db, deps.env, currentUser(c), c.req.valid('json')) }, 201),
  );
  router.openapi(resendInvitationRoute, async (c) =>
    c.json(
      { data: await resendInvitation(db, deps.env, currentUser(c), c.req.valid('param').invitationId) },
      200,
    ),
  );
  router.openapi(revokeInvitationRoute, async (c) => {
    const { invitationId } = c.req.valid('param');
    await revokeInvitation(db, currentUser(c), invitationId);
    return c.json({ data: { invitationId, revoked: true as const } }, 200);
  });
  return router.openapi(updateStaffRoute, async (c) => {
    const { userId } = c.req.valid('param');
    return c.json({ data: await updateStaff(db, currentUser(c), userId, c.req.valid('json')) }, 200);
  });
}

/**
 * The invitee's side, `/v1/auth/invitations/{token}`: no session, the link's token is the key. The
 * accounts module mounts it, so its rate limits cover it.
 */
export function invitationsModule(deps: Deps) {
  const { db } = deps.database;
  return newRouter()
    .openapi(viewInvitationRoute, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ data: await viewInvitation(db, c.req.valid('param').token) }, 200);
    })
    .openapi(acceptInvitationRoute, async (c) =>
      c.json(
        { data: await acceptInvitation(db, deps.env, c.req.valid('param').token, c.req.valid('json')) },
        200,
      ),
    );
}
