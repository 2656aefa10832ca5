import { describe, expect, it } from 'vitest';
import { addressKey } from './address.js';

describe('addressKey', () => {
  it('keeps IPv4, and IPv4 mapped into IPv6 as IPv4', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one, and another /64 apart', () => {
    const key = addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(key).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:0000:0000:0000:0001')).toBe(key);
    expect(addressKey('2001:db8:1:2::1')).toBe(key);
    expect(addressKey('2001:DB8:1:2::FFFF')).toBe(key);
    expect(addressKey('2001:db8:1:3::1')).not.toBe(key);
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
