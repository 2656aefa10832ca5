import { io, type Socket } from 'socket.io-client';
import { reactTo } from '../../lib/api';
import { getToken } from '../../lib/auth-token';
import type { Who } from './chat-api';
import type { ChatMessage } from './types';

/** §4: the socket is checked every 5 s; socket.io reconnects after 500 ms, without a limit of attempts. */
export const RECHECK_MS = 5_000;

/** The part of a socket.io client socket the conversation uses (a test passes its own). */
export type ChatSocket = Pick<Socket, 'on' | 'emit' | 'connect' | 'disconnect' | 'connected' | 'active'>;

export interface SocketEvents {
  /** the room is joined: incoming messages arrive by themselves from now on */
  joined: () => void;
  /** the connection went (socket.io tries again by itself) */
  left: () => void;
  message: (message: ChatMessage) => void;
}

/**
 * The conversation's live side (§4 Chat): a socket that joins the member's or guest's room, hands on
 * what arrives, and is connected again when the server closed it. Answers the socket and its cleanup
 * (the disconnect is the caller's, who may have replaced the socket meanwhile).
 */
export function openSocket(who: Who, events: SocketEvents, make?: () => ChatSocket): { socket: ChatSocket; stop: () => void } {
  const socket =
    make?.() ??
    io({ path: '/socket.io', autoConnect: false, reconnectionDelay: 500, reconnectionDelayMax: 500, reconnectionAttempts: Infinity });
  let stopped = false;
  socket.on('connect', () => {
    const data = who.kind === 'member' ? { token: getToken() ?? '' } : { guestId: who.guestId };
    socket.emit('join', data, (answer: { room?: string; message?: string; detail?: string } | undefined) => {
      if (stopped) return;
      if (answer?.room) events.joined();
      // §4: a session that ended goes to /login, a closed site to /terminated
      else if (answer?.message === 'invalid-token' || answer?.message === 'gone') reactTo(answer.message, answer.detail);
    });
  });
  socket.on('disconnect', () => !stopped && events.left());
  socket.on('messaging', (message: ChatMessage) => events.message(message));
  socket.connect();
  // a socket the server closed (or that gave up) is not reconnected by socket.io itself
  const recheck = setInterval(() => {
    if (!socket.active && navigator.onLine !== false) socket.connect();
  }, RECHECK_MS);
  return {
    socket,
    stop: () => {
      stopped = true;
      clearInterval(recheck);
    },
  };
}
