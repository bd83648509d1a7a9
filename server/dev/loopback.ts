import type { Context, MiddlewareHandler } from 'hono';
import { BlockList } from 'node:net';
import { errorResponse, noSuchRoute, type AppEnv } from '../lib/http';

// 127.0.0.0/8 and ::1; BlockList also matches the IPv4-mapped forms (::ffff:127.0.0.1).
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether a socket address is a loopback one: 127.0.0.0/8, ::1 or ::ffff:127.x.x.x. */
export function isLoopback(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  try {
    return LOOPBACK.check(ip, ip.includes(':') ? 'ipv6' : 'ipv4');
  } catch {
    return false; // not an IP address
  }
}

type Incoming = { incoming?: { socket?: { remoteAddress?: string; localAddress?: string } } };

/** What a proxy or tunnel adds on the way in: RFC 7239 Forwarded, the X-Forwarded-* family, X-Real-IP, Via. */
const FORWARDING_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'via',
];
const LOCAL_HOST_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The host name of a Host header, lower-cased, without its port (`[::1]:3000` → `[::1]`). */
const hostNameOf = (host: string) =>
  /^(\[[^\]]*\]|[^:]*)(?::\d*)?$/.exec(host.trim().toLowerCase())?.[1] ?? host;

/** Why a request that reached this machine still came from elsewhere, or null when it did not. */
function cameThroughAProxy(c: Context<AppEnv>, ownAddress?: string): string | null {
  const header = FORWARDING_HEADERS.find((name) => c.req.header(name) !== undefined);
  if (header) return `this request came through a proxy or tunnel (it carries ${header})`;
  const host = hostNameOf(c.req.header('host') ?? new URL(c.req.url).host);
  const own = ownAddress && (ownAddress.includes(':') ? `[${ownAddress}]` : ownAddress);
  if (LOCAL_HOST_NAMES.has(host) || host === own) return null;
  return 'this request was made for another host name, as through a proxy or tunnel';
}

/**
 * The development routes (the mailbox shows every sign-in code) answer only this machine: a client
 * on a loopback address, or one that reached the server over its own address (remote = local, as
 * when the server calls its own Daraja simulator while listening on a LAN address). Anyone else
 * gets the 404 of a route that does not exist. The socket decides, never X-Forwarded-For, which a
 * client writes itself. Without a socket the request was made in this process (app.request in tests).
 *
 * A tunnel or proxy running on this machine (how Daraja's sandbox reaches a developer's server)
 * connects from loopback too, so the socket alone would publish the mailbox to the internet: a
 * request that carries a forwarding header, or names a host other than localhost, 127.0.0.1, [::1]
 * (or the server's own address, for its own calls) is refused. With a 403 that says why rather than
 * the 404: whoever is behind the tunnel is most likely the developer who opened it, and learns to
 * open the page on this machine instead; nothing is given away that the development API document
 * (/api/openapi.json, through the same tunnel) does not already list.
 */
export const thisMachineOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const incoming = (c.env as Incoming | undefined)?.incoming;
  const remote = incoming?.socket?.remoteAddress;
  const local = incoming?.socket?.localAddress;
  if (incoming && (!remote || !(isLoopback(remote) || remote === local))) return noSuchRoute(c);
  const proxied = cameThroughAProxy(c, remote === local ? local : undefined);
  if (proxied) {
    return errorResponse(
      c,
      403,
      'dev_tools_local_only',
      `The development tools answer only this machine, asked at localhost: ${proxied}, which would ` +
        'publish them (and the sign-in codes in the dev mailbox) to whoever can reach it. Open it on ' +
        'this machine, at localhost, instead.',
    );
  }
  await next();
};
