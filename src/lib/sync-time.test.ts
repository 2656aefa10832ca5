import { describe, expect, it } from 'vitest';
import { formatDateTime } from './dates';
import { formatSyncTime } from './sync-time';

describe('the sync time of saved data (§9, without dayjs)', () => {
  it('writes a moment as dates.ts does: DD/MM/YYYY HH:mm:ss in the device time', () => {
    for (const moment of [new Date(2026, 0, 5, 7, 8, 9), new Date(2026, 10, 22, 23, 59, 0), new Date(1999, 11, 31, 0, 0, 1)]) {
      expect(formatSyncTime(moment.getTime())).toBe(formatDateTime(moment.getTime()));
    }
    expect(formatSyncTime(new Date(2026, 0, 5, 7, 8, 9).getTime())).toBe('05/01/2026 07:08:09');
  });

  it('writes nothing for a time it cannot read', () => {
    expect(formatSyncTime(Number.NaN)).toBe('');
    expect(formatSyncTime(8.64e15 + 1)).toBe('');
  });
});
