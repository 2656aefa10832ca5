import type { Generated } from 'kysely';

/** One stored upload counted against its sender's budget (modules/uploads/service.ts). */
export interface UploadUsageTable {
  id: Generated<number>;
  /** null: a guest, counted by `address` */
  member_id: number | null;
  address: string;
  bucket: string;
  size: number;
  created_at: number;
}

/** An uploaded file kept in the database (Postgres storage). */
export interface StoredFilesTable {
  bucket: string;
  name: string;
  content_type: string;
  bytes: Buffer;
  created_at: number;
}

export interface UploadTables {
  upload_usage: UploadUsageTable;
  stored_files: StoredFilesTable;
}
