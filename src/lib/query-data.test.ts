import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { putQueryData } from './query-data';

describe('putQueryData: what a call just answered is not undone by an older answer', () => {
  it('drops an answer still on its way, so the written data stays', async () => {
    const client = new QueryClient();
    let answer!: (value: string) => void;
    const fetched = client.fetchQuery({ queryKey: ['qr'], queryFn: () => new Promise<string>((resolve) => (answer = resolve)) });
    expect(await putQueryData(client, ['qr'], 'created')).toBe(true);
    answer('none yet'); // read before the code was created
    await fetched.catch(() => undefined);
    expect(client.getQueryData(['qr'])).toBe('created');
  });

  it('only writes when nothing is on its way', async () => {
    const client = new QueryClient();
    client.setQueryData(['qr'], 'none yet');
    expect(await putQueryData<string>(client, ['qr'], (old) => `${old} → created`)).toBe(false);
    expect(client.getQueryData(['qr'])).toBe('none yet → created');
  });
});
