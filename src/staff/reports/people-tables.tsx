import { useLingui } from '@lingui/react/macro';
import type { MemberGrowth, StaffActivity } from '../../../contract/staff-reports';
import { useQueueFormat } from '../queues/queue-format';
import { StaffTable } from '../shell/staff-table';

/** New members and first deposits per day of one currency's members, the period's totals last. */
export function GrowthTable({ growth }: { growth: MemberGrowth }) {
  const { t, i18n } = useLingui();
  const { money } = useQueueFormat();
  const number = new Intl.NumberFormat(i18n.locale);
  const cur = growth.currency;
  const name = cur === 'BAHT' ? t`Baht` : t`Kip`;
  const rows = [...growth.days.map((d) => ({ ...d, label: d.date })), { ...growth, label: t`Whole period` }];
  return (
    <StaffTable
      label={t`New members and first deposits (${name})`}
      head={[t`Day`, t`New members`, t`First deposits`, t`First deposits' amount`]}
    >
      {rows.map((r) => (
        <tr key={r.label}>
          <th scope="row">{r.label}</th>
          <td className="staff-num">{number.format(r.newMembers)}</td>
          <td className="staff-num">{number.format(r.firstDeposits.count)}</td>
          <td className="staff-num">{money(r.firstDeposits.amount, cur)}</td>
        </tr>
      ))}
    </StaffTable>
  );
}

/** What each staff member decided and answered in the period, one row each. */
export function StaffActivityTable({ staff }: { staff: StaffActivity[] }) {
  const { t, i18n } = useLingui();
  const number = new Intl.NumberFormat(i18n.locale);
  const pair = (a: number, b: number) => `${number.format(a)} / ${number.format(b)}`;
  const wait = (seconds: number | null) => {
    if (seconds === null) return '—';
    const secs = number.format(seconds % 60);
    if (seconds < 60) return t`${secs} s`;
    const mins = number.format(Math.floor(seconds / 60));
    return t`${mins} min ${secs} s`;
  };
  return (
    <StaffTable
      label={t`Staff`}
      head={[
        t`Staff member`,
        t`Slips approved / rejected`,
        t`Deposit requests confirmed / rejected`,
        t`Withdrawals paid / rejected`,
        t`Payments attached`,
        t`Adjustments requested / applied`,
        t`Chat messages`,
        t`Conversations`,
        t`First answers`,
        t`Median wait for a first answer`,
      ]}
    >
      {staff.map((p) => (
        <tr key={p.username}>
          <th scope="row">{p.name ? `${p.name} (${p.username})` : p.username}</th>
          <td className="staff-num">{pair(p.slipsApproved, p.slipsRejected)}</td>
          <td className="staff-num">{pair(p.depositRequestsConfirmed, p.depositRequestsRejected)}</td>
          <td className="staff-num">{pair(p.withdrawalsPaid, p.withdrawalsRejected)}</td>
          <td className="staff-num">{number.format(p.paymentsAttached)}</td>
          <td className="staff-num">{pair(p.adjustmentsRequested, p.adjustmentsApplied)}</td>
          <td className="staff-num">{number.format(p.chatMessages)}</td>
          <td className="staff-num">{number.format(p.chatConversations)}</td>
          <td className="staff-num">{number.format(p.firstAnswers)}</td>
          <td className="staff-num">{wait(p.firstAnswerMedianSeconds)}</td>
        </tr>
      ))}
      {!staff.length && (
        <tr>
          <td colSpan={10}>{t`No staff member decided or answered anything in this period.`}</td>
        </tr>
      )}
    </StaffTable>
  );
}
