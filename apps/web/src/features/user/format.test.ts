import { describe, expect, it } from 'vitest';
import { describeUa, formatDateTime } from './format';

describe('session display', () => {
  it('names browser and system from a user agent', () => {
    expect(describeUa('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36')).toBe('Chrome · Android');
    expect(describeUa('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toBe('Safari · iOS');
    expect(describeUa('Mozilla/5.0 (iPhone) AppleWebKit MicroMessenger/8.0')).toBe('WeChat · iOS');
    expect(describeUa('curl/8.0')).toBeNull();
    expect(describeUa(null)).toBeNull();
  });

  it('formats a time, adding the year only when it is not this year', () => {
    const now = new Date(2025, 5, 14, 12, 0);
    expect(formatDateTime(new Date(2025, 5, 14, 9, 5).toISOString(), 'en-GB', now)).toBe('14/06, 09:05');
    expect(formatDateTime(new Date(2024, 0, 2, 9, 5).toISOString(), 'en-GB', now)).toContain('2024');
    expect(formatDateTime('not a date', 'en', now)).toBe('not a date');
  });
});
