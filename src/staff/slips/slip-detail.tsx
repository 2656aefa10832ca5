import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { ReviewSlip } from '../../../contract/staff-queues';
import { useOnline } from '../../ui/use-online';
import { useQueueFormat } from '../queues/queue-format';
import { ScrollRegion } from '../shell/scroll-region';
import { slipNote } from './slip-reasons';
import { HoldNote } from '../queues/hold-note';
import { StaffTable } from '../shell/staff-table';
import { BankName } from '../shell/bank-name';

interface Props {
  slip: ReviewSlip;
  /** Picked from the list (not the first one shown on arrival): the heading takes the focus, which scrolls it into view. */
  focusOnOpen?: boolean;
  onApprove: () => void;
  onReject: () => void;
}

/**
 * One slip under review: the image as uploaded (its address answers with the session's cookie, so an
 * <img> shows it; a button enlarges it) beside what the bank said and the member's registered account.
 */
export function SlipDetail({ slip, focusOnOpen = false, onApprove, onReject }: Props) {
  const { t, i18n } = useLingui();
  const { money, when } = useQueueFormat();
  const online = useOnline();
  const [large, setLarge] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusOnOpen) return;
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'start' });
  }, [focusOnOpen]);
  const none = t`Not told`;
  const { member, reference } = slip;
  return (
    <section className="staff-slip" aria-labelledby="staff-slip-title">
      <h2 id="staff-slip-title" ref={heading} tabIndex={-1}>
        <Trans>Slip {reference}</Trans>
      </h2>
      <div className="staff-slip-columns">
        <figure className="staff-slip-figure">
          {/* enlarged, the image scrolls inside its frame: a tab stop, so a keyboard can scroll it */}
          <ScrollRegion className="staff-slip-frame" label={t`Slip image`}>
            <img src={slip.imageUrl} alt={t`The slip as the member uploaded it`} className={large ? 'staff-slip-large' : undefined} />
          </ScrollRegion>
          <figcaption>
            <button type="button" className="staff-secondary" aria-pressed={large} onClick={() => setLarge((v) => !v)}>
              <Trans>Enlarge the image</Trans>
            </button>
          </figcaption>
        </figure>
        <div>
          <h3>
            <Trans>The bank’s answer</Trans>
          </h3>
          <dl className="staff-facts">
            <dt>{t`Amount`}</dt>
            <dd>{slip.bankAmount === null ? none : money(slip.bankAmount, slip.currency)}</dd>
            <dt>{t`Sender`}</dt>
            <dd>{slip.sender ?? none}</dd>
            <dt>{t`Sending bank`}</dt>
            <dd>{slip.sendingBank ? <BankName code={slip.sendingBank} /> : none}</dd>
            <dt>{t`Bank reference`}</dt>
            <dd className="staff-mono">{slip.transRef ?? none}</dd>
            <dt>{t`Why in review`}</dt>
            <dd>{slipNote(i18n, slip.note)}</dd>
            <dt>{t`Uploaded`}</dt>
            <dd>
              <time dateTime={slip.createdAt}>{when(slip.createdAt)}</time>
            </dd>
          </dl>
          <h3>
            <Trans>The member’s registered account</Trans>
          </h3>
          <dl className="staff-facts">
            <dt>{t`Member`}</dt>
            <dd>
              <bdi>{member.name}</bdi> ({member.phone})
            </dd>
            <dt>{t`Account name`}</dt>
            <dd>{member.bankAccountName}</dd>
            <dt>{t`Bank`}</dt>
            <dd>
              <BankName code={member.bankCode} />
            </dd>
            <dt>{t`Account number`}</dt>
            <dd className="staff-mono">{member.bankAccountNo}</dd>
          </dl>
          <LookAlikes slip={slip} />
          {slip.hold && <HoldNote hold={slip.hold} currency={slip.currency} />}
          <div className="staff-actions">
            <button type="button" disabled={!online} onClick={onApprove}>
              <Trans>Approve…</Trans>
            </button>
            <button type="button" className="staff-danger" disabled={!online} onClick={onReject}>
              <Trans>Reject…</Trans>
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}

/**
 * Every member whose registered account the bank's sender could be, side by side: one who registered or
 * changed their bank details after the transfer did not send it. Nothing when no member's account matches.
 */
function LookAlikes({ slip }: { slip: ReviewSlip }) {
  const { t } = useLingui();
  const { when } = useQueueFormat();
  if (!slip.lookAlikes.length) return null;
  return (
    <StaffTable
      label={t`Members the sender could be`}
      head={[t`Member`, t`Account name`, t`Account number`, t`Registered`, t`Bank details changed`]}
    >
      {slip.lookAlikes.map((m) => (
        <tr key={m.memberId}>
          <td>
            <bdi>{m.name}</bdi> ({m.phone}){m.uploader && <> · {t`uploaded this slip`}</>}
          </td>
          <td>
            <bdi>{m.bankAccountName}</bdi>
          </td>
          <td className="staff-mono">{m.bankAccountNo}</td>
          <td>
            <time dateTime={m.registeredAt}>{when(m.registeredAt)}</time>
          </td>
          <td>{m.bankChangedAt ? <time dateTime={m.bankChangedAt}>{when(m.bankChangedAt)}</time> : t`Never`}</td>
        </tr>
      ))}
    </StaffTable>
  );
}
