import { describe, expect, it } from 'vitest';
import { accountAnswer, institutionAnswer, reviewAnswer } from './index.js';

describe('answer schemas', () => {
  it('give a Date as its ISO string and drop fields they do not declare', () => {
    const account = { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: null, phone: null, profileImageUrl: null, userType: 'patient', myPlan: null, language: null };
    const answer = accountAnswer.parse({ ...account, createdAt: new Date('2026-11-23T10:00:00Z'), passwordHash: 'secret-hash', sessionVersion: 3 });
    expect(answer).toEqual({ ...account, createdAt: '2026-11-23T10:00:00.000Z' });
  });

  it('refuse an answer that lacks a field clients rely on', () => {
    expect(reviewAnswer.safeParse({ id: 1, rating: 5 }).success).toBe(false);
  });

  it("leave an institution's owner out when the viewer may not see it", () => {
    const result = institutionAnswer.shape.user.safeParse(undefined);
    expect(result.success).toBe(true);
  });
});
