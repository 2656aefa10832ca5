import { isApiError } from '../../lib/api';
import { Outbox, type Deliver, type OutboxItem } from '../../lib/outbox';
import { canSendAs, sendMessage, uploadMedia, type OutgoingMessage, type Who } from './chat-api';

/**
 * One chat message waiting to reach the server: its words, or the picked file itself (a Blob, kept in
 * IndexedDB with the item, so an image chosen offline survives a reload and is uploaded when the
 * connection returns).
 */
export type ChatPayload =
  | { who: Who; message: Exclude<OutgoingMessage, { message_type: 'media' }> }
  /** filePath: set once the file is uploaded, so a later try sends the same message instead of a second upload */
  | { who: Who; file: Blob; name: string; fileType: 'image' | 'video'; filePath?: string };

export type ChatItem = OutboxItem<ChatPayload>;

/**
 * The chat's outbox (the same mechanism as the slips', its own IndexedDB database 'wallet-chat', which
 * outlives the session: a member's messages wait for that member to sign in again). Messages go one at a time, in the order written; the item's id is the message's
 * clientMessageId, so a send repeated after a lost answer, a reload or in another tab is stored and
 * delivered once. A file is uploaded first (progress to 99 %), then the message naming its path.
 */
export const deliverChat: Deliver = async (item, context) => {
  const { onProgress, signal, update } = context;
  const payload = item.payload as ChatPayload;
  if ('message' in payload) return sendMessage(payload.who, item.id, payload.message, item.createdAt, signal);
  let filePath = payload.filePath;
  const uploadedBefore = !!filePath;
  if (!filePath) {
    const file = new File([payload.file], payload.name, { type: payload.file.type });
    ({ path: filePath } = await uploadMedia(payload.who, payload.fileType, file, (p) => onProgress(Math.min(p, 99)), signal));
    await update({ ...payload, filePath });
  }
  onProgress(100);
  const media = { message_type: 'media', payload: { fileType: payload.fileType, filePath, name: payload.name } } as const;
  try {
    return await sendMessage(payload.who, item.id, media, item.createdAt, signal);
  } catch (err) {
    // the server deletes a file no message names within an hour: one uploaded on an earlier try, before
    // a long time offline, may be gone; it is uploaded again, once, instead of failing for good
    if (!uploadedBefore || !isApiError(err, 'CHAT_FILE_UNSUPPORTED')) throw err;
    const fresh = { ...payload, filePath: undefined };
    await update(fresh);
    return deliverChat({ ...item, payload: fresh }, context);
  }
};
/** A member's message waits while another member (or nobody) is signed in; it is never sent under another's token. */
export const canDeliverChat = (item: OutboxItem) => canSendAs((item.payload as ChatPayload).who);
export const chatOutbox = new Outbox('chat', { chat: deliverChat }, undefined, canDeliverChat);
