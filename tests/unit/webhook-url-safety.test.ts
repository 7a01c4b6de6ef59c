import type * as Dns from 'node:dns';
import type * as DnsPromises from 'node:dns/promises';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { WebhookMessages } from '../../src/shared/webhooks.schemas.js';

// The system resolver, answered by each test: no test here needs the network.
const resolved = vi.hoisted(() => ({ addresses: [] as Dns.LookupAddress[] }));
vi.mock('node:dns', async (original) => {
  const dns = await original<typeof Dns>();
  const lookup = (_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) =>
    options.all ? callback(null, resolved.addresses) : callback(null, resolved.addresses[0]?.address, resolved.addresses[0]?.family);
  return { ...dns, default: { ...dns, lookup }, lookup };
});
vi.mock('node:dns/promises', async (original) => {
  const dns = await original<typeof DnsPromises>();
  const lookup = async () => resolved.addresses;
  return { ...dns, default: { ...dns, lookup }, lookup };
});

const { checkWebhookUrl, isPublicAddress, publicOnlyLookup, WebhookUrlRefused } = await import('../../src/server/features/webhooks/url-safety.js');

afterEach(() => {
  resolved.addresses = [];
});

describe('isPublicAddress', () => {
  test.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
  test.each([
    '127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255',
    '192.0.2.1', '198.18.0.1', '::1', '::', 'fe80::1', 'fe80::1%eth0', 'fc00::1', 'fd12:3456::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1',
    '64:ff9b::a00:1', '2001:db8::1', 'not an address',
    // IPv6 forms that carry a non-public IPv4 address: compatible, mapped, translated, NAT64, 6to4.
    '::7f00:1', '::a9fe:a9fe', '::a00:1', '::ffff:0:7f00:1', '64:ff9b::a9fe:a9fe', '2002:7f00:1::1', '2002:a9fe:a9fe::', '2002:c0a8:101::1',
    // Local-use NAT64 and Teredo stay refused whatever they carry.
    '64:ff9b:1::808:808', '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  ])('%s is not', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  test.each(['https://[::127.0.0.1]/', 'https://[::7f00:1]/', 'https://[::169.254.169.254]/', 'https://[::10.0.0.1]/', 'https://[64:ff9b::127.0.0.1]/', 'https://[2002:a9fe:a9fe::1]/'])(
    'a webhook to %s is refused as private',
    async (raw) => {
      await expect(checkWebhookUrl(raw, false)).rejects.toThrow(WebhookUrlRefused);
    },
  );
});

describe('checkWebhookUrl', () => {
  test('accepts an https host whose every address is public, as it will be stored', async () => {
    resolved.addresses = [{ address: '93.184.215.14', family: 4 }, { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 }];
    await expect(checkWebhookUrl('https://Hooks.Example.com/in?x=1', false)).resolves.toBe('https://hooks.example.com/in?x=1');
  });

  test('refuses a host when any of its addresses is private', async () => {
    resolved.addresses = [{ address: '93.184.215.14', family: 4 }, { address: '10.0.0.7', family: 4 }];
    await expect(checkWebhookUrl('https://mixed.example.com/', false)).rejects.toThrow(WebhookMessages.urlPrivate('mixed.example.com'));
  });

  test('refuses a host that resolves to nothing', async () => {
    await expect(checkWebhookUrl('https://nowhere.example.com/', false)).rejects.toThrow(WebhookMessages.urlUnresolvable('nowhere.example.com'));
  });

  test('with private URLs allowed, takes http and private hosts without asking DNS', async () => {
    await expect(checkWebhookUrl('http://10.0.0.7:8080/hook', true)).resolves.toBe('http://10.0.0.7:8080/hook');
    await expect(checkWebhookUrl('ftp://10.0.0.7/hook', true)).rejects.toThrow(WebhookMessages.urlNotHttps);
  });
});

describe('publicOnlyLookup, the delivery socket’s resolver', () => {
  const lookUp = (all: boolean) =>
    new Promise<{ error: Error | null; result: unknown }>((resolve) =>
      publicOnlyLookup('hooks.example.com', { all }, ((error: Error | null, result: unknown) => resolve({ error, result })) as never),
    );

  test('hands public addresses to the socket in both shapes Node asks for', async () => {
    resolved.addresses = [{ address: '93.184.215.14', family: 4 }];
    expect(await lookUp(true)).toEqual({ error: null, result: [{ address: '93.184.215.14', family: 4 }] });
    expect(await lookUp(false)).toEqual({ error: null, result: '93.184.215.14' });
  });

  test('refuses the connection when the name now resolves to a private address (DNS rebinding)', async () => {
    resolved.addresses = [{ address: '127.0.0.1', family: 4 }];
    const { error } = await lookUp(true);
    expect(error?.message).toBe(WebhookMessages.urlPrivate('hooks.example.com'));
  });
});
