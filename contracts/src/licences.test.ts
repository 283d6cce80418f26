import { describe, expect, it } from 'vitest';
import { licenceNumberOfRecord } from './index.js';

describe("a professional's licence number of record (issue 34)", () => {
  it('is the Nigerian licence, whatever profile setup holds', () => {
    const countryLicenses = [
      { country: 'Ghana', licenseNumber: 'GMDC/4471' },
      { country: 'Nigeria', licenseNumber: 'MDCN/77777' },
    ];
    expect(licenceNumberOfRecord({ licenseNumber: 'MDCN/12345', countryLicenses })).toBe('MDCN/77777');
  });
  it("is profile setup's number only without a Nigerian licence, else none", () => {
    expect(licenceNumberOfRecord({ licenseNumber: 'MDCN/12345', countryLicenses: [{ country: 'Ghana', licenseNumber: 'GMDC/4471' }] })).toBe('MDCN/12345');
    expect(licenceNumberOfRecord({ licenseNumber: null, countryLicenses: [] })).toBeNull();
  });
});
