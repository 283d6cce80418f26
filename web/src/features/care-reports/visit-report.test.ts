import { describe, expect, it } from 'vitest';
import { visitReportBody, type VisitAnswers } from './visit-report';

const none: VisitAnswers = { wasOpen: '', payer: '', planAccepted: '', paid: '' };

describe('visitReportBody ("How was your visit?")', () => {
  it('refuses a form with nothing answered, at the first question', () => {
    expect(visitReportBody(none, { appointmentId: 7 })).toEqual({ errors: { wasOpen: 'Please answer at least one question' } });
    // A preselected plan alone is not an answer.
    expect(visitReportBody({ ...none, payer: 'nhia' }, { appointmentId: 7 }).errors).toEqual({ wasOpen: 'Please answer at least one question' });
  });

  it('sends the plan only with whether it was accepted, unanswered questions as null, 0 naira as free', () => {
    expect(visitReportBody({ wasOpen: 'no', payer: 'nhia', planAccepted: '', paid: 0 }, { appointmentId: 7 }).body).toEqual({
      appointmentId: 7,
      wasOpen: false,
      payer: null,
      planAccepted: null,
      paidNaira: 0,
    });
    expect(visitReportBody({ wasOpen: '', payer: 'nhia', planAccepted: 'yes', paid: 12500 }, { appointmentId: 7 }).body).toMatchObject({
      wasOpen: null,
      payer: 'nhia',
      planAccepted: true,
      paidNaira: 12500,
    });
  });

  it('a listing visit carries its day, checked by the schema', () => {
    expect(visitReportBody({ ...none, wasOpen: 'yes' }, { visitedOn: '2026-11-20' }).body).toMatchObject({ visitedOn: '2026-11-20', wasOpen: true });
    expect(Object.keys(visitReportBody({ ...none, wasOpen: 'yes' }, { visitedOn: '20/11/2026' }).errors ?? {})).toEqual(['visitedOn']);
  });
});
