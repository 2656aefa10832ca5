import { describe, expect, it } from 'vitest';
import { deviceOf } from './device';

describe("a session's device in a few words", () => {
  it('names the browser and the system of the phones and computers members use', () => {
    expect(
      deviceOf('Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36'),
    ).toBe('Chrome · Android');
    expect(
      deviceOf(
        'Mozilla/5.0 (Linux; Android 12; SM-A125F) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0 Mobile Safari/537.36',
      ),
    ).toBe('Samsung Internet · Android');
    expect(
      deviceOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari · iOS');
    expect(
      deviceOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Line/14.9.0'),
    ).toBe('LINE · iOS');
    expect(
      deviceOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0'),
    ).toBe('Edge · Windows');
  });

  it('says what it cannot name in its first words, and nothing for none', () => {
    expect(deviceOf('curl/8.5.0')).toBe('curl/8.5.0');
    expect(deviceOf('x'.repeat(300))).toBe('x'.repeat(40));
    expect(deviceOf(null)).toBeNull();
    expect(deviceOf('')).toBeNull();
  });
});
