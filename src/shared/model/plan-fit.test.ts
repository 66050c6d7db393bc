import { describe, expect, it } from 'vitest';
import { planFittingRequests, planFittingSubscriptions } from './plan-fit';
import type { PlanName } from './market';

const FIT = { requests: planFittingRequests, subscriptions: planFittingSubscriptions };

describe('the plan a refusal points to', () => {
  it.each<[keyof typeof FIT, number, PlanName | null]>([
    // A 429 after more than 5 and up to 120 requests: free; after 121: base.
    ['requests', 6, 'free'],
    ['requests', 120, 'free'],
    ['requests', 121, 'base'],
    ['requests', 601, 'professional'],
    // A 429 after 5 or fewer fits no plan: another program spends the token.
    ['requests', 5, null],
    ['requests', 0, null],
    // Subscriptions refused after 3: free; after 200: base; after 2: none.
    ['subscriptions', 3, 'free'],
    ['subscriptions', 199, 'free'],
    ['subscriptions', 200, 'base'],
    ['subscriptions', 500, 'professional'],
    ['subscriptions', 2, null],
  ])('%s refused after %i: %s', (kind, count, plan) => {
    expect(FIT[kind](count)).toBe(plan);
  });
});
