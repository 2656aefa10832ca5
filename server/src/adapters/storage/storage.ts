import type { FastifyReply } from 'fastify';
import type { Database } from '../../db/database.js';

export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}

/**
 * Where uploads live (slips now, chat images and videos later). Names are made by the server, never
 * taken from the client; a bucket is a plain word.
 */
export interface FileStorage {
  put(bucket: string, name: string, file: StoredFile): Promise<void>;
  get(bucket: string, name: string): Promise<StoredFile | undefined>;
  delete(bucket: string, name: string): Promise<void>;
}

const SAFE = /^[A-Za-z0-9_-]{1,100}$/;
function check(bucket: string, name: string): void {
  if (!SAFE.test(bucket) || !SAFE.test(name)) throw new Error(`unsafe storage name ${bucket}/${name}`);
}

/** Rows of stored_files, so several server instances serve the same uploads. */
export class DatabaseStorage implements FileStorage {
  constructor(private readonly database: Database) {}

  async put(bucket: string, name: string, file: StoredFile): Promise<void> {
    check(bucket, name);
    await this.database.db
      .insertInto('stored_files')
      .values({ bucket, name, content_type: file.contentType, bytes: file.bytes, created_at: Date.now() })
      .execute();
  }

  async get(bucket: string, name: string): Promise<StoredFile | undefined> {
    check(bucket, name);
    const row = await this.database.db
      .selectFrom('stored_files')
      .select(['bytes', 'content_type'])
      .where('bucket', '=', bucket)
      .where('name', '=', name)
      .executeTakeFirst();
    return row && { bytes: Buffer.from(row.bytes), contentType: row.content_type };
  }

  async delete(bucket: string, name: string): Promise<void> {
    check(bucket, name);
    await this.database.db.deleteFrom('stored_files').where('bucket', '=', bucket).where('name', '=', name).execute();
  }
}

/**
 * Answers with a stored file as the type it was stored with, never sniffed, shown inline (a slip, a
 * chat picture): a missing one is 404 NO_DATA. `cacheControl` says how long the browser may keep it.
 */
export function sendStoredFile(reply: FastifyReply, file: StoredFile | undefined, cacheControl: string) {
  if (!file) return reply.status(404).send({ message: 'NO_DATA' });
  return reply
    .header('Content-Type', file.contentType)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Disposition', 'inline')
    .header('Cache-Control', cacheControl)
    .send(file.bytes);
}
