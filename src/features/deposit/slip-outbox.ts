import type { SlipUploadResponse } from '../../../contract/deposit';
import { Outbox } from '../../lib/outbox';
import { uploadFile } from '../../lib/upload';

/** A slip waiting to be sent: the photo itself and its name, kept in IndexedDB until the server has it. */
export interface SlipPayload {
  file: Blob;
  name: string;
}

/** The slip outbox: each slip goes to POST /api/wallet/slip once, with its outbox id as the Idempotency-Key. */
export const slipOutbox = new Outbox('outbox', {
  slip: (item, { onProgress, signal }) => {
    const { file, name } = item.payload as SlipPayload;
    return uploadFile<SlipUploadResponse>('/api/wallet/slip', new File([file], name, { type: file.type }), {
      idempotencyKey: item.id,
      onProgress,
      signal,
    });
  },
});
