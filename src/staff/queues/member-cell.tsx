import type { QueueMember } from '../../../contract/staff-queues';
import { BankName } from '../shell/bank-name';

/** Who a row belongs to: the member's name, then phone and id for a look-up. */
export function MemberCell({ member }: { member: QueueMember }) {
  return (
    <>
      <span className="staff-strong">{member.name}</span>
      <br />
      <span className="staff-muted">
        {member.phone} · #{member.id}
      </span>
    </>
  );
}

/** A bank account as the bank shows it: bank, number, name. */
export function BankAccount({ bankCode, accountNo, accountName }: { bankCode: string; accountNo: string; accountName: string }) {
  return (
    <>
      <span className="staff-strong">
        <BankName code={bankCode} />
      </span>{' '}
      <span className="staff-mono">{accountNo}</span>
      <br />
      {accountName}
    </>
  );
}
