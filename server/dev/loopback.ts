import type { MiddlewareHandler } from 'hono';
import { BlockList } from 'node:net';
import { noSuchRoute, type AppEnv } from '../lib/http';

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

/**
 * The development routes (the mailbox shows every sign-in code) answer only this machine: a client
 * on a loopback address, or one that reached the server over its own address (remote = local, as
 * when the server calls its own Daraja simulator while listening on a LAN address). Anyone else
 * gets the 404 of a route that does not exist. The socket decides, never X-Forwarded-For, which a
 * client writes itself. Without a socket the request was made in this process (app.request in tests).
 */
export const thisMachineOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const incoming = (c.env as Incoming | undefined)?.incoming;
  if (incoming) {
    const remote = incoming.socket?.remoteAddress;
    const local = incoming.socket?.localAddress;
    if (!remote || !(isLoopback(remote) || remote === local)) return noSuchRoute(c);
  }
  await next();
};
