import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testQueryClient } from '../../tests/render';
import { followRestore, PersistedQueries, type Restore } from './persisted-queries';

/** A screen's query: its saved answer, or what it shows while there is none. */
function Balance({ answer }: { answer: () => Promise<string> }) {
  const balance = useQuery({ queryKey: ['wallet'], queryFn: answer, staleTime: Infinity });
  return <p>{balance.data ?? 'nothing yet'}</p>;
}

function renderWith(restore: Restore, answer: () => Promise<string>) {
  const queryClient = testQueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <PersistedQueries restore={restore}>
        <Balance answer={answer} />
      </PersistedQueries>
    </QueryClientProvider>,
  );
}

describe('the saved query cache coming back (issue 38: the saved balance before the network)', () => {
  it('shows what came back before the first render at once, asking nothing while it is fresh', async () => {
    let asked = 0;
    const restore = followRestore(Promise.resolve());
    await restore.promise;
    const queryClient = testQueryClient();
    queryClient.setQueryData(['wallet'], 'saved 500.00');
    render(
      <QueryClientProvider client={queryClient}>
        <PersistedQueries restore={restore}>
          <Balance answer={async () => `${++asked}`} />
        </PersistedQueries>
      </QueryClientProvider>,
    );
    expect(screen.getByText('saved 500.00')).toBeVisible();
    expect(asked).toBe(0);
  });

  it('asks nothing until the restore ends, whether it brought something back or failed', async () => {
    for (const ending of ['restored', 'failed'] as const) {
      let end!: () => void;
      let fail!: (err: Error) => void;
      const restore = followRestore(new Promise<void>((resolve, reject) => ((end = resolve), (fail = reject))));
      let asked = 0;
      const { unmount } = renderWith(restore, async () => `answer ${++asked}`);
      expect(screen.getByText('nothing yet')).toBeVisible();
      expect(asked).toBe(0);
      act(() => (ending === 'restored' ? end() : fail(new Error('no IndexedDB'))));
      expect(await screen.findByText('answer 1')).toBeVisible();
      unmount();
    }
  });
});
