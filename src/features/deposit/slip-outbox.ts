import type { SlipUploadResponse } from '../../../contract/deposit';
import { getMember, getToken } from '../../lib/auth-token';
import { Outbox, type OutboxItem } from '../../lib/outbox';
import { uploadFile } from '../../lib/upload';

/** A slip waiting to be sent: the photo itself and its name, kept in IndexedDB until the server has it. */
export interface SlipPayload {
  file: Blob;
  name: string;
}

/**
 * A slip is the member's who chose it: it goes only under their own session. One kept by a release
 * before owners were recorded was chosen by whoever is signed in (sign-out emptied the outbox then).
 */
export const slipOwner = (item: OutboxItem) => item.owner ?? getMember();
export const canDeliverSlip = (item: OutboxItem) => !!getToken() && slipOwner(item) === getMember();

/** The slip outbox: each slip goes to POST /api/wallet/slip once, with its outbox id as the Idempotency-Key. */
export const slipOutbox = new Outbox(
  'outbox',
  {
    slip: (item, { onProgress, signal }) => {
      const { file, name } = item.payload as SlipPayload;
      return uploadFile<SlipUploadResponse>('/api/wallet/slip', new File([file], name, { type: file.type }), {
        idempotencyKey: item.id,
        onProgress,
        signal,
      });
    },
  },
  undefined,
  canDeliverSlip,
  getMember,
);
