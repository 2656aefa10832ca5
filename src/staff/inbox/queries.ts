import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { UploadResponse } from '../../../contract/chat';
import type { InboxAnswer, InboxEndedGuests, InboxList, InboxMessagesPage, InboxThread } from '../../../contract/staff-inbox';
import { staffApi } from '../api';
import { staffUpload } from '../staff-upload';
import { staffKeys } from '../session/queries';

export const inboxKeys = {
  all: [...staffKeys.all, 'inbox'] as const,
  list: () => [...inboxKeys.all, 'list'] as const,
  thread: (room: string) => [...inboxKeys.all, 'thread', room] as const,
};

const roomPath = (room: string) => `/api/staff/inbox/${encodeURIComponent(room)}`;

/** The open conversations, waiting first; asked again on every inbox event and every 30 s besides. */
export const inboxQueryOptions = () =>
  queryOptions({
    queryKey: inboxKeys.list(),
    queryFn: ({ signal }) => staffApi<InboxList>('/api/staff/inbox', { signal }),
    refetchInterval: 30_000,
  });

/**
 * One conversation: its latest messages (or, once earlier pages were loaded, every one `from` the oldest
 * shown on, so none between drops out as new ones come), the customer's context.
 */
export const threadQueryOptions = (room: string, from?: number) =>
  queryOptions({
    queryKey: [...inboxKeys.thread(room), from ?? 'latest'] as const,
    queryFn: ({ signal }) => staffApi<InboxThread>(from === undefined ? roomPath(room) : `${roomPath(room)}?from=${from}`, { signal }),
    // a page further back keeps showing what it showed while the longer one comes
    placeholderData: (previous) => previous,
  });

/** The messages older than `before`, oldest first. */
export const olderMessages = (room: string, before: number) => staffApi<InboxMessagesPage>(`${roomPath(room)}/messages?before=${before}`);

/** A change to one conversation (take, release, answer, end, read): the list and the thread are asked again. */
function useRoomAction<V, R>(room: string, run: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: inboxKeys.thread(room) });
      await queryClient.invalidateQueries({ queryKey: inboxKeys.list() });
    },
  });
}

export const useTake = (room: string) =>
  useRoomAction(room, (takeOver: boolean) => staffApi<unknown>(`${roomPath(room)}/take`, { method: 'POST', body: { takeOver } }));
export const useRelease = (room: string) => useRoomAction(room, () => staffApi<unknown>(`${roomPath(room)}/release`, { method: 'POST' }));
export const useAnswer = (room: string) =>
  useRoomAction(room, (answer: InboxAnswer) => staffApi<{ id: number }>(`${roomPath(room)}/messages`, { method: 'POST', body: answer }));
export const useEnd = (room: string) =>
  useRoomAction(room, (closingWords: string) =>
    staffApi<unknown>(`${roomPath(room)}/end`, { method: 'POST', body: closingWords.trim() ? { closingWords } : {} }),
  );
export const useMarkRead = (room: string) => useRoomAction(room, () => staffApi<unknown>(`${roomPath(room)}/read`, { method: 'POST' }));

/** Takes the conversation waiting longest that nobody holds: its room, or NO_DATA when none waits. */
export function useTakeNext() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => staffApi<{ room: string }>('/api/staff/inbox/next', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboxKeys.list() }),
  });
}

/** An image or video for an answer, with its percent. */
export const uploadAnswerFile = (kind: 'image' | 'video', file: File, onProgress: (percent: number) => void, signal?: AbortSignal) =>
  staffUpload<UploadResponse>(`/api/staff/inbox/upload-${kind}`, file, onProgress, signal);

/** A ticket for the console's socket (a minute's, of this session). */
export const socketTicket = () => staffApi<{ ticket: string }>('/api/staff/inbox/ticket', { method: 'POST' });

/** Ends the waiting guest conversations among `rooms` (contract: end-waiting-guests); the list is asked again. */
export function useEndWaitingGuests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rooms, closingWords }: { rooms: string[]; closingWords: string }) =>
      staffApi<InboxEndedGuests>('/api/staff/inbox/end-waiting-guests', {
        method: 'POST',
        body: closingWords.trim() ? { rooms, closingWords } : { rooms },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
  });
}
