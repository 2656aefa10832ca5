import { Plural, Trans } from '@lingui/react/macro';
import { useState } from 'react';
import type { InboxConversation } from '../../../contract/staff-inbox';
import { ConfirmDialog } from '../queues/confirm-dialog';
import { ClosingWordsField, closingWordsValid } from './closing-words';
import { useEndWaitingGuests } from './queries';

/** The guest conversations a bulk end would close: waiting for an answer, held by nobody. */
export const waitingGuests = (conversations: readonly InboxConversation[]) =>
  conversations.filter((c) => c.kind === 'guest' && c.waitingSince !== null && c.holder === null).map((c) => c.room);

/**
 * Ending the waiting guest conversations the agent sees, in one go (a flood of guests, each a tone for
 * every agent): closing words (optional) go to each first. The server ends only those still waiting and
 * held by nobody; how many it ended is told on the inbox.
 */
export function EndGuestsDialog({ rooms, onClose, onEnded }: { rooms: string[]; onClose: () => void; onEnded: (ended: number) => void }) {
  const end = useEndWaitingGuests();
  const [words, setWords] = useState('');
  const count = rooms.length;
  return (
    <ConfirmDialog
      title={<Plural value={count} one="Close # waiting guest conversation" other="Close # waiting guest conversations" />}
      confirmLabel={<Trans>Close them</Trans>}
      tone="danger"
      ready={closingWordsValid(words)}
      pending={end.isPending}
      error={end.error}
      onConfirm={() => end.mutate({ rooms, closingWords: words }, { onSuccess: ({ ended }) => onEnded(ended) })}
      onClose={onClose}
    >
      <p>
        <Trans>
          Each guest sees the closing words, then that the conversation ended; a guest who writes again opens a new one. Members’
          conversations, and those an agent holds, stay open.
        </Trans>
      </p>
      <ClosingWordsField id="staff-guests-closing-words" value={words} onChange={setWords} />
    </ConfirmDialog>
  );
}
