import { Trans } from '@lingui/react/macro';
import { useQueueFormat } from '../queues/queue-format';

/** Who proposed a two-admin change, when, and why: the line above every waiting change. */
export function ProposedLine({ proposal }: { proposal: { proposedBy: string; proposedAt: string; reason: string } }) {
  const { when } = useQueueFormat();
  const { proposedBy, reason: why } = proposal;
  const at = when(proposal.proposedAt);
  return (
    <p>
      <Trans>
        Proposed by {proposedBy} on <time dateTime={proposal.proposedAt}>{at}</time>: {why}
      </Trans>
    </p>
  );
}
