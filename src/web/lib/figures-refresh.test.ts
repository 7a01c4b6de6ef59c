import { describe, expect, it } from 'vitest';
import { refreshOutcome, refreshStatus } from './figures-refresh.js';

const EARLIER = '2025-03-03T07:00:00.000Z';
const LATER = '2025-03-03T07:05:00.000Z';
const figures = (computedAt: string, refreshQueued = false) => ({ computedAt, refreshQueued });

describe('where a refresh of the inventory figures stands', () => {
  it('is idle with nothing asked for or waiting, and refreshing whenever the server says a recompute waits', () => {
    expect(refreshStatus(null, figures(EARLIER), 1)).toBe('idle');
    expect(refreshStatus(null, figures(EARLIER, true), 1)).toBe('refreshing');
    expect(refreshStatus(null, undefined, 0)).toBe('idle');
  });

  it('after a press: refreshing until the figures carry a new time, then done; failed if they come back unchanged', () => {
    const pending = { from: EARLIER, answeredAt: 100 };
    expect(refreshStatus(pending, figures(EARLIER), 50)).toBe('refreshing');
    expect(refreshStatus(pending, figures(EARLIER, true), 150)).toBe('refreshing');
    expect(refreshStatus(pending, figures(LATER), 200)).toBe('done');
    expect(refreshStatus(pending, figures(EARLIER), 150)).toBe('failed');
  });
});

describe('what the answer to a press means', () => {
  const now = Date.parse('2025-03-03T07:06:00.000Z');
  const answer = (queued: boolean, computedAt: string | null, nextRefreshAt: string | null) => ({ queued, computedAt, nextRefreshAt });

  it('queued: a recompute is on its way', () => {
    expect(refreshOutcome(answer(true, EARLIER, '2025-03-03T07:16:00.000Z'), EARLIER, now)).toEqual({ kind: 'queued' });
  });

  it('not queued but computed since the figures shown: the newer figures are there to read', () => {
    expect(refreshOutcome(answer(false, LATER, '2025-03-03T07:15:00.000Z'), EARLIER, now)).toEqual({ kind: 'newer' });
  });

  it('not queued and nothing newer: says when another press may queue one', () => {
    expect(refreshOutcome(answer(false, EARLIER, '2025-03-03T07:10:00.000Z'), EARLIER, now)).toEqual({ kind: 'wait', until: '2025-03-03T07:10:00.000Z' });
  });

  it('not queued, nothing newer and no wait: the figures are current', () => {
    expect(refreshOutcome(answer(false, EARLIER, null), EARLIER, now)).toEqual({ kind: 'current' });
    expect(refreshOutcome(answer(false, EARLIER, '2025-03-03T07:00:00.000Z'), EARLIER, now)).toEqual({ kind: 'current' });
  });
});
