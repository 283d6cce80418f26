import { describe, expect, it } from 'vitest';
import { maskPhone, toE164, toTextableE164 } from './phone';

describe('toE164', () => {
  it.each([
    ['0803 123 4567'],
    ['08031234567'],
    ['234803 123 4567'],
    ['2348031234567'],
    ['+234 803 123 4567'],
    ['+234 (0) 803 123 4567'],
    ['00234 803 123 4567'],
    ['0803-123-4567'],
    ['+234-803-123-4567'],
  ])('reads %s as the same Nigerian mobile', (typed) => {
    expect(toE164(typed)).toBe('+2348031234567');
  });

  it('reads other Nigerian networks', () => {
    expect(toE164('0706 555 0101')).toBe('+2347065550101');
    expect(toE164('0912 345 6789')).toBe('+2349123456789');
  });

  it('keeps a foreign number written with its country code', () => {
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
  });

  it('refuses what is not a phone number', () => {
    expect(toE164('0803 12')).toBeNull();
    expect(toE164('hello')).toBeNull();
    expect(toE164('')).toBeNull();
    expect(toE164(null)).toBeNull();
  });

  it('takes for texts a Nigerian mobile, not a longer number the metadata allows, nor a landline', () => {
    expect(toTextableE164('0803 123 4567')).toBe('+2348031234567');
    expect(toTextableE164('0706 555 0101')).toBe('+2347065550101');
    expect(toE164('0803 123 4567 890')).toBe('+2348031234567890');
    expect(toTextableE164('0803 123 4567 890')).toBeNull();
    expect(toTextableE164('01 234 5678')).toBeNull();
    expect(toTextableE164('+44 7911 123456')).toBe('+447911123456');
    expect(toTextableE164('0803 12')).toBeNull();
  });

  it('masks a number for logs', () => {
    expect(maskPhone('+2348031234567')).toBe('+234…67');
  });
});
