import { describe, expect, it } from 'vitest';
import { planFittingRequests, planFittingSubscriptions } from './plan-fit';

describe('the plan a refusal points to', () => {
  it('a 429 after more than 5 and up to 120 requests: free; after 121: base', () => {
    expect(planFittingRequests(6)).toBe('free');
    expect(planFittingRequests(120)).toBe('free');
    expect(planFittingRequests(121)).toBe('base');
    expect(planFittingRequests(601)).toBe('professional');
  });

  it('a 429 after 5 or fewer fits no plan: another program spends the token', () => {
    expect(planFittingRequests(5)).toBeNull();
    expect(planFittingRequests(0)).toBeNull();
  });

  it('subscriptions refused after 3: free; after 200: base; after 2: none', () => {
    expect(planFittingSubscriptions(3)).toBe('free');
    expect(planFittingSubscriptions(199)).toBe('free');
    expect(planFittingSubscriptions(200)).toBe('base');
    expect(planFittingSubscriptions(500)).toBe('professional');
    expect(planFittingSubscriptions(2)).toBeNull();
  });
});
