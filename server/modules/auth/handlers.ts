import { currentUser, requireUser } from '../../lib/auth/middleware';
import { newRouter, type Deps } from '../../lib/http';
import { requestLanguage } from '../../lib/i18n';
import { clientIp } from '../../lib/rate-limit';
import { invitationsModule } from '../staff';
import { authRateLimit } from './rate-limit';
import {
  changePasswordRoute,
  forgotPasswordRoute,
  getUserRoute,
  loginRoute,
  logoutRoute,
  meRoute,
  registerRoute,
  resendOtpRoute,
  setPasswordRoute,
  updateMeRoute,
  updateProfileRoute,
  verifyOtpRoute,
} from './routes';
import { createAuthService } from './service';

export function authModule(deps: Deps) {
  const auth = createAuthService({ db: deps.database.db, env: deps.env });
  const router = newRouter();
  router.use('/*', authRateLimit(deps));
  router.use('/me', requireUser(deps));
  router.use('/change-password', requireUser(deps));
  // A staff invitation's link (server/modules/staff): no session, the link is the key, and this
  // module's rate limits cover it.
  router.route('/invitations', invitationsModule(deps));

  return (
    router
      // A code is mailed in the language of the page that asked for it.
      .openapi(getUserRoute, async (c) =>
        c.json({ data: await auth.getUser(c.req.valid('json').email, 'get-user', requestLanguage(c)) }, 200),
      )
      .openapi(registerRoute, async (c) =>
        c.json({ data: await auth.getUser(c.req.valid('json').email, 'register', requestLanguage(c)) }, 200),
      )
      .openapi(verifyOtpRoute, async (c) => c.json({ data: await auth.verifyOtp(c.req.valid('json')) }, 200))
      .openapi(resendOtpRoute, async (c) =>
        c.json({ data: await auth.resendOtp(c.req.valid('json'), requestLanguage(c)) }, 200),
      )
      .openapi(updateProfileRoute, async (c) =>
        c.json(
          { data: await auth.completeProfile(c.req.valid('param').encodedId, c.req.valid('json')) },
          200,
        ),
      )
      .openapi(forgotPasswordRoute, async (c) =>
        c.json({ data: await auth.forgotPassword(c.req.valid('json').email, requestLanguage(c)) }, 200),
      )
      .openapi(setPasswordRoute, async (c) =>
        c.json({ data: await auth.setPassword(c.req.valid('json')) }, 200),
      )
      .openapi(loginRoute, async (c) =>
        c.json({ data: await auth.login(c.req.valid('json'), clientIp(c, deps.env.TRUST_PROXY)) }, 200),
      )
      .openapi(logoutRoute, async (c) =>
        c.json({ data: await auth.logout(c.req.header('Authorization')) }, 200),
      )
      .openapi(meRoute, async (c) => c.json({ data: await auth.me(currentUser(c)) }, 200))
      .openapi(updateMeRoute, async (c) =>
        c.json({ data: await auth.updateMe(currentUser(c), c.req.valid('json')) }, 200),
      )
      .openapi(changePasswordRoute, async (c) =>
        c.json(
          {
            data: await auth.changePassword(
              currentUser(c),
              c.req.valid('json'),
              clientIp(c, deps.env.TRUST_PROXY),
            ),
          },
          200,
        ),
      )
  );
}
