import { describe, expect, it } from 'vitest';
import { afterQuietHours, patientText, providerRequestText, smsSegments, toGsm7 } from './texts';

const date = new Date('2099-03-12T10:00:00+01:00');
const link = 'https://ilera.ng/appointments';
const kinds = ['booked', 'confirmed', 'cancelled', 'reminder-24h', 'reminder-2h'] as const;

describe('text bodies', () => {
  it('fit one GSM-7 segment even with a long provider name', () => {
    const long = 'Federal Medical Centre Ebute-Metta Department of Obstetrics and Gynaecology';
    for (const kind of kinds) {
      const t = patientText({ kind, providerName: long, appointmentDate: date, link }, '+2348031234567', 'sms');
      expect(t.body.length, kind).toBeLessThanOrEqual(160);
      expect(smsSegments(t.body), kind).toBe(1);
      expect(t.body).toContain(link);
      expect(t.body).toContain('10:00 WAT');
    }
    expect(providerRequestText(date, false, '+2347012345678', link).body.length).toBeLessThanOrEqual(160);
    expect(providerRequestText(date, true, '+2347012345678', link).body.length).toBeLessThanOrEqual(160);
  });

  it('keep Yoruba names in GSM-7 (one ọ would make the text UCS-2, 70 characters a segment)', () => {
    expect(toGsm7('Dr. Ọlọ́runfẹ́mi Adébáyọ̀ – “Ìlera”')).toBe('Dr. Olorunfemi Adebayo - "Ilera"');
    const t = patientText({ kind: 'confirmed', providerName: 'Dr. Ọlọ́runfẹ́mi Adébáyọ̀', appointmentDate: date, link }, '+2348031234567', 'sms');
    expect(smsSegments(t.body)).toBe(1);
    expect(smsSegments('ọ'.repeat(71))).toBe(2);
    expect(smsSegments('a'.repeat(161))).toBe(2);
  });

  it('give WhatsApp an approved template with the provider, the time and the link', () => {
    const t = patientText({ kind: 'reminder-24h', providerName: 'Dr. Ada Obi', appointmentDate: date, link }, '+2348031234567', 'whatsapp');
    expect(t.template).toEqual({ name: 'ilera_appointment_reminder', params: ['Dr. Ada Obi', 'Thu, 12 Mar, 10:00 WAT', link] });
  });
});

describe('quiet hours 21:00-07:00 WAT', () => {
  it.each([
    ['2099-03-12T20:59:00+01:00', '2099-03-12T20:59:00+01:00'],
    ['2099-03-12T21:00:00+01:00', '2099-03-13T07:00:00+01:00'],
    ['2099-03-12T23:30:00+01:00', '2099-03-13T07:00:00+01:00'],
    ['2099-03-13T03:00:00+01:00', '2099-03-13T07:00:00+01:00'],
    ['2099-03-13T07:00:00+01:00', '2099-03-13T07:00:00+01:00'],
  ])('at %s a reminder goes at %s', (at, expected) => {
    expect(afterQuietHours(new Date(at)).toISOString()).toBe(new Date(expected).toISOString());
  });
});
