import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface GracefulClose {
  /**
   * Closes the server without dropping a request a client has already sent. From the call on, every
   * response closes its connection (`Connection: close`), those in flight included, and a connection
   * ends as soon as it has nothing left to answer. The listener keeps accepting while connections are
   * still queued for it (node takes one per turn of the event loop, and closing the listener would
   * reset the rest), at most `acceptForMs`; then it closes and the idle connections with it.
   * Resolves once the last connection is gone.
   */
  close(options: { acceptForMs: number; onStopAccepting?: (accepted: number) => void }): Promise<void>;
}

/** Tracks the responses in flight on each connection of `server`, for `close()`. */
export function gracefulClose(server: Server): GracefulClose {
  const inFlight = new Map<Socket, Set<ServerResponse>>();
  let draining = false;
  let accepted = 0;
  server.on('connection', () => accepted++);

  const closeAfter = (res: ServerResponse) => {
    if (res.headersSent) return; // its connection is ended when it finishes (below)
    res.setHeader('Connection', 'close');
    res.shouldKeepAlive = false;
  };

  // Before the app's own listener, so even a response the app ends at once is counted.
  server.prependListener('request', (req, res) => {
    const socket = req.socket;
    let responses = inFlight.get(socket);
    if (!responses) {
      const created = new Set<ServerResponse>();
      inFlight.set(socket, created);
      socket.once('close', () => inFlight.delete(socket));
      responses = created;
    }
    responses.add(res);
    if (draining) closeAfter(res);
    const done = () => {
      if (!responses.delete(res)) return;
      // A response whose headers said keep-alive before the shutdown began: end its connection now
      // that it is idle (end, not destroy, so that the response's last bytes still arrive).
      if (draining && responses.size === 0 && !socket.destroyed) socket.end();
    };
    res.once('finish', done);
    res.once('close', done);
  });

  return {
    close({ acceptForMs, onStopAccepting }) {
      draining = true;
      for (const responses of inFlight.values()) for (const res of responses) closeAfter(res);
      const closed = new Promise<void>((resolve) => server.once('close', () => resolve()));
      const since = accepted;
      const deadline = Date.now() + acceptForMs;
      // Each turn of the event loop takes in at most one queued connection and reads the requests
      // that arrived on those taken before. A turn that takes none means the queue is empty and every
      // connection taken so far has had its request read: stop accepting then. server.close() ends
      // the connections with no request in flight (idle keep-alive ones included).
      let last = -1;
      const turn = () => {
        if (accepted === last || Date.now() >= deadline) {
          onStopAccepting?.(accepted - since);
          server.close();
        } else {
          last = accepted;
          setImmediate(turn);
        }
      };
      setImmediate(turn);
      return closed;
    },
  };
}
