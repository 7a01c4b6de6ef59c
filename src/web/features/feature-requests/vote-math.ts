import type { FeatureRequest } from '../../../shared/feature-requests.schemas.js';

export type VoteDirection = NonNullable<FeatureRequest['myVote']>;
type VoteState = Pick<FeatureRequest, 'votes' | 'myVote'>;

const weight = (direction: VoteDirection | null) => (direction === 'up' ? 1 : direction === 'down' ? -1 : 0);

/**
 * What a vote click does, as the server does it (spec extended 5): the same direction again takes
 * the vote back and the other one switches it. A vote that would take the count below 0 is refused
 * (null): the server answers 409, so the page shows no change for it. The page shows the result at
 * once and then takes the server's answer, which counts the votes cast meanwhile by others.
 */
export function applyVote({ votes, myVote }: VoteState, direction: VoteDirection): VoteState | null {
  const next = myVote === direction ? null : direction;
  const count = votes - weight(myVote) + weight(next);
  return count < 0 ? null : { votes: count, myVote: next };
}

/** The list with one request changed (all other entries kept as they are, by reference). */
export function updateRequest(
  list: readonly FeatureRequest[],
  id: number,
  change: (request: FeatureRequest) => Partial<FeatureRequest>,
): FeatureRequest[] {
  return list.map((request) => (request.id === id ? { ...request, ...change(request) } : request));
}
