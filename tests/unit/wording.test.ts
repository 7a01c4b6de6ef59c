import { describe, expect, test } from 'vitest';
import { machineAllowanceText, machineLimitMessage } from '../../src/shared/plans.js';
import { countOf, nounFor } from '../../src/shared/wording.js';

describe('counts with their nouns', () => {
  test('one is singular; none and many are plural; thousands are grouped', () => {
    expect(countOf(1, 'vote')).toBe('1 vote');
    expect(countOf(0, 'voter')).toBe('0 voters');
    expect(countOf(2487, 'vote')).toBe('2,487 votes');
    expect(countOf(3, 'day')).toBe('3 days');
    expect(nounFor(1, 'product')).toBe('product');
    expect(nounFor(2, 'product')).toBe('products');
  });

  test('an irregular plural is given', () => {
    expect(countOf(2, 'category', 'categories')).toBe('2 categories');
    expect(countOf(1, 'category', 'categories')).toBe('1 category');
  });
});

describe('the Add Machine button’s plan allowance', () => {
  test('a limited plan tells how much is used, briefly even once it is used up', () => {
    expect(machineAllowanceText('free', 0)).toBe('Starter plan: 0 of 2 machines');
    expect(machineAllowanceText('free', 1)).toBe('Starter plan: 1 of 2 machines');
    expect(machineAllowanceText('free', 2)).toBe('Starter plan: 2 of 2 machines');
    expect(machineAllowanceText('growth', 9)).toBe('Growth plan: 9 of 10 machines');
    expect(machineAllowanceText('growth', 10)).toBe('Growth plan: 10 of 10 machines');
  });

  test('the limit itself names the plan and the bigger plans', () => {
    expect(machineLimitMessage('free')).toBe(
      'Your Starter plan includes up to 2 machines. Upgrade to Growth ($20/month, up to 10 machines) or Enterprise ($40/month, unlimited machines) on the Pricing page to add more.',
    );
  });

  test('an unlimited plan has nothing to tell', () => {
    expect(machineAllowanceText('enterprise', 250)).toBeNull();
  });
});
