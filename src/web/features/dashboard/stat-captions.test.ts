import { describe, expect, it } from 'vitest';
import { newProductsCaption, votersThisWeekCaption, votesTodayCaption } from './stat-captions.js';

describe('dashboard card captions', () => {
  it('compares votes today with yesterday in whole percent', () => {
    expect(votesTodayCaption(56, 50)).toEqual({ text: '+12% from yesterday', trend: 'up' });
    expect(votesTodayCaption(30, 50)).toEqual({ text: '-40% from yesterday', trend: 'down' });
    expect(votesTodayCaption(0, 4)).toEqual({ text: '-100% from yesterday', trend: 'down' });
    expect(votesTodayCaption(7, 7)).toEqual({ text: 'Same as yesterday', trend: 'flat' });
    // A change too small to show as a whole percent reads as flat, not '+0%'.
    expect(votesTodayCaption(1001, 1000)).toEqual({ text: '0% from yesterday', trend: 'flat' });
  });

  it('counts today’s votes when there were none yesterday', () => {
    expect(votesTodayCaption(5, 0)).toEqual({ text: '5 votes today', trend: 'up' });
    expect(votesTodayCaption(1, 0)).toEqual({ text: '1 vote today', trend: 'up' });
    expect(votesTodayCaption(0, 0)).toEqual({ text: '0 votes today', trend: 'flat' });
  });

  it('names the products added this week', () => {
    expect(newProductsCaption(3)).toEqual({ text: '+3 new this week', trend: 'up' });
    expect(newProductsCaption(0)).toEqual({ text: '+0 new this week', trend: 'flat' });
  });

  it('compares voters this week with last week', () => {
    expect(votersThisWeekCaption(27, 25)).toEqual({ text: '+8% this week', trend: 'up' });
    expect(votersThisWeekCaption(10, 20)).toEqual({ text: '-50% this week', trend: 'down' });
    expect(votersThisWeekCaption(9, 9)).toEqual({ text: 'Same as last week', trend: 'flat' });
    expect(votersThisWeekCaption(4, 0)).toEqual({ text: '4 voters this week', trend: 'up' });
    expect(votersThisWeekCaption(1, 0)).toEqual({ text: '1 voter this week', trend: 'up' });
  });
});
