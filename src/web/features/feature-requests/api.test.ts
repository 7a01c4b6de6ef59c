import { describe, expect, it } from 'vitest';
import { featureRequestKeys, featureRequestsUrl } from './api.js';

describe('the list call', () => {
  it('always names the sort, and the status only when one is chosen', () => {
    expect(featureRequestsUrl({ sort: 'votes' })).toBe('/api/feature-requests?sort=votes');
    expect(featureRequestsUrl({ sort: 'newest', status: 'in-progress' })).toBe('/api/feature-requests?sort=newest&status=in-progress');
  });

  it('keys every list under the one board key, so a change invalidates them all', () => {
    const key = featureRequestKeys.list({ sort: 'newest', status: 'completed' });
    expect(key.slice(0, featureRequestKeys.all.length)).toEqual([...featureRequestKeys.all]);
    expect(featureRequestKeys.list({ sort: 'votes' })).not.toEqual(featureRequestKeys.list({ sort: 'newest' }));
  });
});
