import { describe, expect, test } from 'vitest';
import { readUnsubscribeToken, unsubscribeToken } from '../../src/server/features/notifications/unsubscribe.js';
import { deriveKey } from '../../src/server/secrets.js';

const current = deriveKey('the-session-secret-of-today-0123456789abcdef', 'unsubscribe');
const earlier = deriveKey('the-session-secret-of-last-year-0123456789ab', 'unsubscribe');

describe('unsubscribe links across a change of SESSION_SECRET', () => {
  test('a link signed with an earlier secret still reads while that secret is listed as a fallback', () => {
    const sent = unsubscribeToken(earlier, 42, 'dailySummary');
    expect(readUnsubscribeToken([current, earlier], sent)).toEqual({ userId: 42, kind: 'dailySummary' });
    expect(readUnsubscribeToken([current], sent)).toBeNull();
  });

  test('no key, another notice or another account in the same signature reads as nothing', () => {
    const sent = unsubscribeToken(current, 42, 'dailySummary');
    expect(readUnsubscribeToken([], sent)).toBeNull();
    expect(readUnsubscribeToken([current], sent.replace('dailySummary', 'highVotes'))).toBeNull();
    expect(readUnsubscribeToken([current], sent.replace(/^42\./, '43.'))).toBeNull();
  });
});
