import { describe, expect, it } from 'vitest';
import type { FeatureRequest } from '../../../shared/feature-requests.schemas.js';
import { applyVote, updateRequest } from './vote-math.js';

describe('a vote click', () => {
  it('adds the first vote in either direction', () => {
    expect(applyVote({ votes: 3, myVote: null }, 'up')).toEqual({ votes: 4, myVote: 'up' });
    expect(applyVote({ votes: 3, myVote: null }, 'down')).toEqual({ votes: 2, myVote: 'down' });
  });

  it('takes the vote back when the same direction is chosen again', () => {
    expect(applyVote({ votes: 4, myVote: 'up' }, 'up')).toEqual({ votes: 3, myVote: null });
    expect(applyVote({ votes: 2, myVote: 'down' }, 'down')).toEqual({ votes: 3, myVote: null });
  });

  it('switches the vote, moving the count by two', () => {
    expect(applyVote({ votes: 4, myVote: 'up' }, 'down')).toEqual({ votes: 2, myVote: 'down' });
    expect(applyVote({ votes: 2, myVote: 'down' }, 'up')).toEqual({ votes: 4, myVote: 'up' });
  });

  it('refuses a vote that would take the count below 0, as the server does', () => {
    expect(applyVote({ votes: 0, myVote: null }, 'down')).toBeNull();
    expect(applyVote({ votes: 1, myVote: 'up' }, 'down')).toBeNull();
    expect(applyVote({ votes: 0, myVote: 'up' }, 'down')).toBeNull();
  });

  it('still allows the votes that keep it at 0 or above', () => {
    expect(applyVote({ votes: 1, myVote: null }, 'down')).toEqual({ votes: 0, myVote: 'down' });
    expect(applyVote({ votes: 2, myVote: 'up' }, 'down')).toEqual({ votes: 0, myVote: 'down' });
    expect(applyVote({ votes: 1, myVote: 'up' }, 'up')).toEqual({ votes: 0, myVote: null });
  });

  it('a public request voted down by its first visitor reaches 0, and a second visitor cannot go lower', () => {
    const afterFirst = applyVote({ votes: 1, myVote: null }, 'down');
    expect(afterFirst).toEqual({ votes: 0, myVote: 'down' });
    expect(applyVote({ votes: afterFirst!.votes, myVote: null }, 'down')).toBeNull();
  });
});

describe('one request changed in a list', () => {
  const request = (id: number): FeatureRequest => ({
    id,
    title: `Request ${id}`,
    description: 'Details',
    author: 'Anonymous',
    votes: 1,
    status: 'proposed',
    createdAt: '2026-03-04T12:00:00.000Z',
    myVote: null,
  });

  it('changes only the one with that id, keeping the others as they are', () => {
    const list = [request(1), request(2)];
    const next = updateRequest(list, 2, (found) => applyVote(found, 'up') ?? {});
    expect(next[0]).toBe(list[0]);
    expect(next[1]).toEqual({ ...request(2), votes: 2, myVote: 'up' });
    expect(list[1]!.votes).toBe(1);
  });

  it('leaves a list without that id unchanged', () => {
    const list = [request(1)];
    expect(updateRequest(list, 9, () => ({ votes: 0 }))).toEqual(list);
  });
});
