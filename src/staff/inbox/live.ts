import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
// a static import: the console needs its socket on every screen, and a lazy one would make a chunk of
// socket.io-client's own (not under assets/staff/) that the member's service worker would precache
import { io, type Socket } from 'socket.io-client';
import { INBOX_EVENT, STAFF_JOIN, type InboxEvent } from '../../../contract/staff-inbox';
import { staffKeys } from '../session/queries';
import { chime, notify } from './alerts';
import { inboxKeys, socketTicket } from './queries';

/** socket.io reconnects after a second, without a limit; a socket the server closed is opened again after 5 s. */
const RECHECK_MS = 5_000;

/** The part of a socket.io client socket the inbox uses (a test gives its own through `setInboxSocketMaker`). */
export type InboxSocket = Pick<Socket, 'on' | 'timeout' | 'connect' | 'disconnect' | 'active'>;
/** A join not answered in this time is tried again on a new socket. */
const JOIN_TIMEOUT_MS = 10_000;
let maker: (() => InboxSocket) | undefined;
/** Tests: the socket the console opens instead of socket.io's. */
export const setInboxSocketMaker = (make: (() => InboxSocket) | undefined) => {
  maker = make;
};

/**
 * The console's live side (issue 24), mounted by the signed-in shell on every screen: a socket that joins
 * the inbox with a ticket of this session, asks again what an event changed (the list, the conversation),
 * and calls the agent when a customer writes: a tone, and a desktop notification while the console is not
 * in view. A refused join (the session ended) asks who is signed in again, which leads to the sign-in.
 * Answers whether the socket is joined (the inbox says so when it is not).
 */
export function useInboxLive(): boolean {
  const queryClient = useQueryClient();
  const [joined, setJoined] = useState(false);
  useEffect(() => {
    let stopped = false;
    const socket: InboxSocket =
      maker?.() ?? io({ path: '/socket.io', autoConnect: false, reconnectionDelay: 1_000, reconnectionDelayMax: 5_000 });
    socket.on('connect', () => {
      // a ticket per join: it lasts a minute, a reconnection may come hours later
      socketTicket().then(
        ({ ticket }) =>
          socket.timeout(JOIN_TIMEOUT_MS).emit(STAFF_JOIN, { ticket }, (err: Error | null, answer?: { message?: string }) => {
            if (stopped) return;
            if (!err && answer?.message === 'SUCCESS') {
              setJoined(true);
              // what happened while the socket was away
              void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
              return;
            }
            // the session ended: asking who is signed in leads to the sign-in; anything else (no answer in
            // time, the server could not join it now): the socket goes, and the check below opens it again
            if (answer?.message === 'STAFF_UNAUTHORIZED') void queryClient.invalidateQueries({ queryKey: staffKeys.me() });
            socket.disconnect();
          }),
        () => socket.disconnect(),
      );
    });
    socket.on('disconnect', () => !stopped && setJoined(false));
    socket.on(INBOX_EVENT, (event: InboxEvent) => {
      void queryClient.invalidateQueries({ queryKey: inboxKeys.list() });
      if (event.kind !== 'presence') void queryClient.invalidateQueries({ queryKey: inboxKeys.thread(event.room) });
      if (event.kind === 'message' && event.sender === 'customer') {
        chime();
        notify(event.name, event.text, event.room);
      }
    });
    socket.connect();
    const recheck = setInterval(() => {
      if (!socket.active && navigator.onLine !== false) socket.connect();
    }, RECHECK_MS);
    return () => {
      stopped = true;
      clearInterval(recheck);
      socket.disconnect();
    };
  }, [queryClient]);
  return joined;
}
