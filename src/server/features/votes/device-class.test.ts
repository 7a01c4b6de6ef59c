import { describe, expect, test } from 'vitest';
import { deviceClassOf } from './device-class.js';

const AGENTS = {
  iPhone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  iPad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  tv: 'Mozilla/5.0 (SMART-TV; Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/4.0 Chrome/76.0.3809.146 TV Safari/537.36',
};

describe('the device class of a vote', () => {
  test('phones, tablets and computers by their own description', () => {
    expect(deviceClassOf(AGENTS.iPhone)).toBe('phone');
    expect(deviceClassOf(AGENTS.android)).toBe('phone');
    expect(deviceClassOf(AGENTS.iPad)).toBe('tablet');
    expect(deviceClassOf(AGENTS.androidTablet)).toBe('tablet');
    expect(deviceClassOf(AGENTS.windows)).toBe('desktop');
    expect(deviceClassOf(AGENTS.mac)).toBe('desktop');
  });

  test('anything else, or no agent, has no class', () => {
    expect(deviceClassOf(AGENTS.tv)).toBeNull();
    expect(deviceClassOf('curl/8.5.0')).toBeNull();
    expect(deviceClassOf('')).toBeNull();
    expect(deviceClassOf(undefined)).toBeNull();
  });
});
