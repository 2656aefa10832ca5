import type { Tx } from '../../db/transaction.js';

/** Members' rows as sign-in and password changes need them (registration and profile live in service.ts). */

export const loginMemberByPhone = (tx: Tx, phone: string) =>
  tx.selectFrom('members').select(['id', 'password_hash', 'status']).where('phone', '=', phone).executeTakeFirst();

export async function setPasswordHash(tx: Tx, memberId: number, passwordHash: string): Promise<void> {
  await tx.updateTable('members').set({ password_hash: passwordHash }).where('id', '=', memberId).execute();
}
