import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { StatementQueueLine } from '../../../contract/staff-statements';
import { useOnline } from '../../ui/use-online';
import { HoldNote } from '../queues/hold-note';
import { useQueueFormat } from '../queues/queue-format';
import { QueueScreen } from '../queues/queue-screen';
import { useQueueOutcome } from '../queues/use-queue-outcome';
import { RoleGate } from '../shell/role-gate';
import { ScrollRegion } from '../shell/scroll-region';
import { WHY } from './line-texts';
import { LineDialog, type LineDialogState } from './line-dialog';
import { statementQueueQueryOptions, useAssignLine, useDismissLine } from './queries';

/** Finance and admin: statement lines no one could be sure of, and credits the money policy holds; assigned to a member or dismissed. */
export function StatementQueuePage() {
  return (
    <RoleGate path="/statements/queue">
      <StatementQueue />
    </RoleGate>
  );
}

function StatementQueue() {
  const { t, i18n } = useLingui();
  const query = useQuery(statementQueueQueryOptions());
  const outcome = useQueueOutcome();
  const [dialog, setDialog] = useState<LineDialogState | null>(null);
  const actions = { assign: useAssignLine(), dismiss: useDismissLine() };
  const open = (next: LineDialogState) => {
    actions[next.kind].reset();
    setDialog(next);
  };
  const why = (code: string | null) => (code && Object.hasOwn(WHY, code) ? i18n._(WHY[code]!) : (code ?? ''));
  return (
    <>
      <QueueScreen
        id="staff-statement-queue-title"
        title={<Trans>Unmatched statement lines</Trans>}
        query={query}
        notice={outcome.notice}
        empty={<Trans>No statement line is waiting.</Trans>}
      >
        {(rows) => (
          <ScrollRegion label={t`Statement lines waiting, oldest first`}>
            <table className="staff-table">
              <caption className="visually-hidden">
                <Trans>Statement lines waiting, oldest first</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t`Time`}</th>
                  <th scope="col">{t`Sender`}</th>
                  <th scope="col">{t`Why it waits`}</th>
                  <th scope="col" className="staff-num">{t`Amount`}</th>
                  <th scope="col">{t`Actions`}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <QueueRow key={row.id} row={row} why={why(row.why)} onOpen={open} />
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </QueueScreen>
      {dialog && <LineDialog dialog={dialog} actions={actions} outcome={outcome} onClose={() => setDialog(null)} />}
    </>
  );
}

/** The members the line could be: a hint for the clerk, who decides. */
function Candidates({ row }: { row: StatementQueueLine }) {
  if (!row.candidates.length) return null;
  const list = row.candidates.map((c) => `${c.phone} ${c.name}`).join(', ');
  return (
    <>
      <br />
      <span className="staff-muted">
        <Trans>Could be: {list}</Trans>
      </span>
    </>
  );
}

/** One waiting line: when and where it came from, the sender, why it waits, the amount (and a held credit), the actions. */
function QueueRow({ row, why, onOpen }: { row: StatementQueueLine; why: string; onOpen: (next: LineDialogState) => void }) {
  const { t } = useLingui();
  const { money, when } = useQueueFormat();
  const online = useOnline();
  const { id, bank, accountNo, importId, rowNo } = row;
  return (
    <tr>
      <td>
        <time dateTime={row.at}>{when(row.at)}</time>
        <br />
        <span className="staff-muted">
          <Trans>
            {bank} {accountNo}, import {importId}, row {rowNo}
          </Trans>
        </span>
      </td>
      <td>
        {[row.sender.bank, row.sender.account, row.sender.name].filter(Boolean).join(' ') || <Trans>Not shown</Trans>}
        <br />
        <span className="staff-muted">{row.description}</span>
      </td>
      <td>
        {why}
        <Candidates row={row} />
      </td>
      <td className="staff-num">
        {money(row.amount, row.currency)}
        {row.hold && <HoldNote hold={row.hold} currency={row.currency} to={row.member?.phone} />}
      </td>
      <td className="staff-actions">
        <button type="button" disabled={!online} onClick={() => onOpen({ kind: 'assign', row })} aria-label={t`Assign line ${id}`}>
          <Trans>Assign</Trans>
        </button>
        <button
          type="button"
          className="staff-secondary"
          disabled={!online}
          onClick={() => onOpen({ kind: 'dismiss', row })}
          aria-label={t`Dismiss line ${id}`}
        >
          <Trans>Dismiss</Trans>
        </button>
      </td>
    </tr>
  );
}
