import type { Generated } from 'kysely';

/** One stored upload counted against its sender's budget (modules/uploads/budget.ts). */
export interface UploadUsageTable {
  id: Generated<number>;
  /** null: a guest, counted by `address` */
  member_id: number | null;
  address: string;
  bucket: string;
  size: number;
  created_at: number;
}
