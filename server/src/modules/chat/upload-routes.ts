import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { sendStoredFile } from '../../adapters/storage/storage.js';
import { ApiError } from '../../lib/errors.js';
import { LIMITS } from '../../lib/rate-limit.js';
import { Message } from '../../../../contract/message.js';
import { holdUpload, requireDiskRoom } from '../uploads/service.js';
import { requireChatOn } from './identity.js';
import { customerOfRequest } from './identity.js';
import { MAX_BYTES, sniffMedia, type MediaKind } from './media.js';
import { uploadOf } from './repository.js';
import { addressOf } from '../../lib/address.js';
import { UploadResponse } from '../../../../contract/chat.js';

export const CHAT_BUCKET = 'chat';
const NAME = '^[A-Za-z0-9_-]{16,100}$';

/** The one file of a multipart request's `file` field, within the kind's size (413 CHAT_FILE_TOO_LARGE). */
export async function fileOf(request: FastifyRequest, kind: MediaKind): Promise<Buffer> {
  let bytes: Buffer | undefined;
  try {
    if (!request.isMultipart()) throw new ApiError(400, 'CHAT_NO_FILE');
    for await (const part of request.parts({ limits: { fileSize: MAX_BYTES[kind] } })) {
      if (part.type === 'file' && part.fieldname === 'file' && !bytes) bytes = await part.toBuffer();
      else if (part.type === 'file') await part.toBuffer();
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, 'CHAT_FILE_TOO_LARGE');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT') throw new ApiError(400, 'CHAT_FILE_UNSUPPORTED');
    throw new ApiError(400, 'CHAT_NO_FILE');
  }
  if (!bytes?.length) throw new ApiError(400, 'CHAT_NO_FILE');
  return bytes;
}

/**
 * A chat file's bytes, of this kind by its first bytes (415 CHAT_FILE_UNSUPPORTED otherwise), stored under a
 * new random name and recorded, so a media message can name only a file made here. `hold` counts it in an
 * upload budget first (members and guests; staff have none), released when storing fails.
 */
export async function storeChatFile(
  ctx: AppContext,
  bytes: Buffer,
  kind: MediaKind,
  hold?: () => Promise<{ release(): Promise<void> }>,
): Promise<string> {
  const contentType = sniffMedia(bytes, kind);
  if (!contentType) throw new ApiError(415, 'CHAT_FILE_UNSUPPORTED');
  const held = await hold?.();
  const name = randomBytes(18).toString('base64url');
  try {
    await ctx.storage.put(CHAT_BUCKET, name, { bytes, contentType });
    await ctx.database.db
      .insertInto('chat_uploads')
      .values({ name, file_type: kind, content_type: contentType, size: bytes.length, created_at: ctx.now() })
      .execute();
  } catch (err) {
    await ctx.storage.delete(CHAT_BUCKET, name).catch(() => undefined);
    await held?.release();
    throw err;
  }
  return name;
}

/** POST /api/chat/upload-image and /upload-video (§7): one file in `file`, its type by its bytes, stored under a server-made name. */
export const chatUploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  await app.register(multipart, { limits: { fileSize: MAX_BYTES.video, files: 1, fields: 5, parts: 6, headerPairs: 100 } });
  for (const kind of ['image', 'video'] as const) {
    const accepted = kind === 'image' ? 'PNG, JPEG or GIF, at most 10 MB' : 'MP4 or QuickTime, at most 20 MB';
    app.post(
      `/upload-${kind}`,
      {
        attachValidation: true, // the body is a file stream, read below; the schema documents it
        schema: {
          tags: ['chat'],
          consumes: ['multipart/form-data'],
          description:
            `One ${kind} (${accepted}, by its bytes) in the field \`file\`; a member's token or none (a guest). Answers the path to send in a media message. ` +
            '429 UPLOAD_LIMIT: the bytes for the hour of this member, or of this address without an account, are used (setting `uploads`); ' +
            "503 UPLOAD_UNAVAILABLE: the server's disk is nearly full. Nothing is stored then.",
          body: Type.Object({ file: Type.String({ format: 'binary' }) }),
          response: {
            200: UploadResponse,
            400: Message,
            401: Message,
            403: Message,
            413: Message,
            415: Message,
            429: Message,
            503: Message,
          },
        },
      },
      async (request) => {
        requireChatOn(ctx);
        // a token, when sent, must be good; a guest needs none (its upload is only a file until it sends it)
        const member = request.headers.authorization !== undefined ? (await customerOfRequest(ctx, request, {})).memberId : null;
        await ctx.limiter.hit([
          member === null
            ? [`chat:upload:ip:${addressOf(request)}`, LIMITS.chatUploadGuestAddress]
            : [`chat:upload:member:${member}`, LIMITS.chatUploadMember],
        ]);
        await requireDiskRoom(ctx);
        const bytes = await fileOf(request, kind);
        const name = await storeChatFile(ctx, bytes, kind, () =>
          holdUpload(ctx, { memberId: member, address: addressOf(request) }, { bucket: CHAT_BUCKET, size: bytes.length }),
        );
        return { path: `/files/chat/${name}` };
      },
    );
  }
};

/** GET /files/chat/:name: an uploaded chat file with the type it was stored with, never sniffed; the name is the key. */
export const chatFiles: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  app.get(
    '/files/chat/:name',
    { schema: { hide: true, params: Type.Object({ name: Type.String({ pattern: NAME }) }) } },
    async (request, reply) => {
      const known = await uploadOf(ctx.database.db, request.params.name);
      const file = known ? await ctx.storage.get(CHAT_BUCKET, known.name) : undefined;
      return sendStoredFile(reply, file, 'private, max-age=86400, immutable');
    },
  );
};
