import { Trans, useLingui } from '@lingui/react/macro';
import type { StatementPreview, StatementPreviewLine } from '../../../contract/staff-statements';
import { MONEY_DECIMALS } from '../../lib/format';
import { minorUnits, useQueueFormat } from '../queues/queue-format';
import { ScrollRegion } from '../shell/scroll-region';
import { STATUS, WHY } from './line-texts';

/** The lines of a preview (what each will do) or of an import (what each did), in the file's order of time. */
export function PreviewLines({ preview }: { preview: StatementPreview }) {
  const { t, i18n } = useLingui();
  const { money, when } = useQueueFormat();
  const done = preview.importId !== undefined;
  const caption = done ? t`What each incoming line did` : t`What each incoming line will do`;
  const what = (line: StatementPreviewLine) => {
    const phone = line.member?.phone ?? '';
    const name = line.member?.name ?? '';
    const ref = line.matchRef ?? '';
    switch (line.action) {
      case 'credit-member':
        return t`Credit ${phone} (${name}): the sender's account and name fit`;
      case 'credit-request':
        return t`Credit ${phone} through their deposit request`;
      case 'link':
        return t`Already credited (${ref}): linked, not credited again`;
      case 'duplicate':
        return t`Already imported: refused, nothing happens`;
      default: {
        const why = line.why && Object.hasOwn(WHY, line.why) ? i18n._(WHY[line.why]!) : (line.why ?? '');
        return t`To the queue: ${why}`;
      }
    }
  };
  return (
    <ScrollRegion label={caption}>
      <table className="staff-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Row`}</th>
            <th scope="col">{t`Time`}</th>
            <th scope="col">{t`Sender`}</th>
            <th scope="col" className="staff-num">{t`Amount`}</th>
            <th scope="col">{done ? t`Done` : t`Will do`}</th>
          </tr>
        </thead>
        <tbody>
          {preview.lines.map((line) => (
            <tr key={line.rowNo}>
              <td className="staff-num">{line.rowNo}</td>
              <td>
                <time dateTime={line.at}>{when(line.at)}</time>
              </td>
              <td>
                {[line.sender.bank, line.sender.account, line.sender.name].filter(Boolean).join(' ') || <Trans>Not shown</Trans>}
                <br />
                <span className="staff-muted">{line.description}</span>
              </td>
              <td className="staff-num">{money(line.amount, preview.currency)}</td>
              <td>
                {what(line)}
                {line.status && Object.hasOwn(STATUS, line.status) && (
                  <>
                    <br />
                    <strong>{i18n._(STATUS[line.status]!)}</strong>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** How many lines do what (or, imported, ended how), and the clerk's allowance under the money policy. */
export function PreviewSummary({ preview }: { preview: StatementPreview }) {
  const { money } = useQueueFormat();
  const count = (...actions: StatementPreviewLine['action'][]) => preview.lines.filter((l) => actions.includes(l.action));
  const ended = (status: string) => preview.lines.filter((l) => l.status === status).length;
  const credit = count('credit-member', 'credit-request');
  const minor = credit.reduce((sum, l) => sum + minorUnits(l.amount, preview.currency), 0);
  const creditTotal = money(minor / 10 ** MONEY_DECIMALS[preview.currency], preview.currency);
  const credits = credit.length;
  const links = count('link').length;
  const queued = count('queue').length;
  const refused = count('duplicate').length;
  const outgoing = preview.outgoing;
  const left = money(preview.creditAloneLeft, preview.currency);
  const [credited, waiting] = [ended('CREDITED'), ended('WAITING')];
  return (
    <ul className="staff-summary">
      {preview.importId === undefined ? (
        <li>
          <Trans>
            {credits} lines to credit, {creditTotal} in all
          </Trans>
        </li>
      ) : (
        <li>
          <Trans>
            {credited} lines credited; {waiting} wait for a second finance clerk or admin
          </Trans>
        </li>
      )}
      <li>
        <Trans>{links} already credited by their slip, QR payment or request: linked, not credited again</Trans>
      </li>
      <li>
        <Trans>{queued} to the unmatched queue</Trans>
      </li>
      <li>
        <Trans>{refused} already imported: refused</Trans>
      </li>
      <li>
        <Trans>{outgoing} outgoing lines left out</Trans>
      </li>
      <li>
        <Trans>You may credit {left} more alone now; above that a credit waits for a second finance clerk or admin.</Trans>
      </li>
    </ul>
  );
}
