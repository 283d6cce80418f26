import { emit, isUniqueViolation, type Db, type Sql } from '@ilera/db';
import {
  DAY_OFF_MESSAGE,
  DIRECTORY_ONLY_MESSAGE,
  LICENCE_RENEWAL_PENDING,
  OUTSIDE_HOURS_MESSAGE,
  OWN_PROFILE_BOOKING_MESSAGE,
  PAST_DATE_MESSAGE,
  PAST_TIME_MESSAGE,
  SLOT_TAKEN_MESSAGE,
  isBeforeLagosToday,
  lagosDateTimeParts,
  lagosTimestamp,
  lagosToday,
  offeredSlots,
  timeSlots,
  unofferedReason,
  type AppointmentStatus,
  type CreateAppointmentInput,
} from '@ilera/contracts';
import type { AvailabilityDay } from '@ilera/contracts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import * as repo from './appointments.repo';
import { loadSchedule, type ProviderKey } from '../schedule/schedule.service';

export const PROFESSIONAL_NOT_FOUND = 'Professional not found';
export const INSTITUTION_NOT_FOUND = 'Institution not found';
export const APPOINTMENT_NOT_FOUND = 'Appointment not found';
export const PATIENT_NOT_FOUND = 'Patient not found'; // ours
export const TRANSITION_MESSAGE = 'This status change is not allowed'; // ours
export const NOT_YET_MESSAGE = 'An appointment can only be completed once its time has passed'; // ours

/** The clock is injectable so tests can stand at any moment (D11 rules read "now"). */
export type Clock = () => Date;
const systemClock: Clock = () => new Date();

async function approvedProvider(db: Db, provider: repo.Provider): Promise<repo.ProviderRef> {
  const ref =
    'professionalId' in provider
      ? await repo.findProfessionalRef(db, provider.professionalId)
      : await repo.findInstitutionRef(db, provider.institutionId);
  // Pending and rejected profiles are not public (D5/D6): they do not exist for booking.
  if (!ref || ref.status !== 'approved') {
    throw new NotFoundError('professionalId' in provider ? PROFESSIONAL_NOT_FOUND : INSTITUTION_NOT_FOUND);
  }
  return ref;
}

const keyOf = (provider: repo.Provider): ProviderKey =>
  'professionalId' in provider
    ? { kind: 'professionals', id: provider.professionalId }
    : { kind: 'institutions', id: provider.institutionId };

/** The provider's search event: its document carries the next free slot (issue 17). */
const emitSearchEvent = (tx: Db, provider: repo.Provider) =>
  'professionalId' in provider
    ? emit(tx, 'search.professional', { id: provider.professionalId })
    : emit(tx, 'search.institution', { id: provider.institutionId });

function providerOf(input: { professionalId?: number | null; institutionId?: number | null }): repo.Provider {
  return input.professionalId != null
    ? { professionalId: input.professionalId }
    : { institutionId: input.institutionId! };
}

/**
 * Books a slot. The patient is the session's user. The partial unique indexes on
 * (provider, appointment_date) for active appointments decide who wins a race: of many
 * simultaneous requests exactly one inserts, the others get 23505 -> 409.
 */
export async function book(
  sql: Sql,
  user: SessionUser,
  input: CreateAppointmentInput,
  clock: Clock = systemClock,
): Promise<repo.AppointmentRow> {
  const now = clock();
  if (isBeforeLagosToday(input.appointmentDate, now)) {
    throw new BadRequestError(PAST_DATE_MESSAGE, { appointmentDate: PAST_DATE_MESSAGE });
  }
  // Today's slots that have already begun cannot be booked either (D11).
  if (new Date(input.appointmentDate).getTime() <= now.getTime()) {
    throw new BadRequestError(PAST_TIME_MESSAGE, { appointmentDate: PAST_TIME_MESSAGE });
  }
  const provider = providerOf(input);
  const ref = await approvedProvider(sql, provider);
  if (ref.userId === user.id) {
    throw new BadRequestError(OWN_PROFILE_BOOKING_MESSAGE);
  }
  // Appointments already made stay; new ones wait for a renewed licence.
  if (ref.licenceRenewalPending) throw new ConflictError(LICENCE_RENEWAL_PENDING);
  // Issue 17: the provider's booking mode, weekly hours and time off decide what can be booked.
  const schedule = (await loadSchedule(sql, keyOf(provider), now))!;
  const { date, time } = lagosDateTimeParts(input.appointmentDate);
  const reason = unofferedReason(schedule, date, time);
  if (reason === 'directory') throw new ConflictError(DIRECTORY_ONLY_MESSAGE);
  if (reason === 'dayOff') throw new BadRequestError(DAY_OFF_MESSAGE, { appointmentDate: DAY_OFF_MESSAGE });
  if (reason === 'hours') throw new BadRequestError(OUTSIDE_HOURS_MESSAGE, { appointmentDate: OUTSIDE_HOURS_MESSAGE });
  try {
    return await sql.begin(async (tx) => {
      const row = await repo.insertAppointment(tx, {
        patientId: user.id,
        professionalId: input.professionalId ?? null,
        institutionId: input.institutionId ?? null,
        appointmentType: input.appointmentType,
        // Normalised to the instant; stored as timestamptz.
        appointmentDate: new Date(input.appointmentDate).toISOString(),
        patientName: input.patientName,
        patientEmail: input.patientEmail,
        patientPhone: input.patientPhone,
        reasonForVisit: input.reasonForVisit?.trim() ? input.reasonForVisit : null,
        // Instant booking confirms at once; a request waits for the provider (D11's flow).
        status: schedule.bookingMode === 'instant' ? 'confirmed' : 'pending',
        // Issue 50: the page's language, for the texts and mail when the account has none of its own.
        bookingLocale: input.locale ?? null,
      });
      // The event says what the booking was when made (a request or an instant booking): a provider may
      // answer a request before its notify job runs, and that job must still know it was a request (issue 50).
      await emit(tx, 'appointment.booked', { appointmentId: row.id, status: row.status });
      // The slot is taken: the provider's next free slot in the index moves on.
      await emitSearchEvent(tx, provider);
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError(SLOT_TAKEN_MESSAGE);
    throw err;
  }
}

// ---------------------------------------------------------------- lists (D9)

export async function listForPatient(
  db: Db,
  user: SessionUser,
  patientId: string,
  status?: AppointmentStatus,
): Promise<repo.AppointmentListItem[]> {
  // D9: another user's appointments are their private data, and look missing.
  if (user.id !== patientId && user.userType !== 'admin') throw new NotFoundError(PATIENT_NOT_FOUND);
  return repo.listAppointments(db, { patientId }, status);
}

export async function listForProvider(
  db: Db,
  user: SessionUser,
  provider: repo.Provider,
  status?: AppointmentStatus,
): Promise<repo.AppointmentListItem[]> {
  const ref =
    'professionalId' in provider
      ? await repo.findProfessionalRef(db, provider.professionalId)
      : await repo.findInstitutionRef(db, provider.institutionId);
  const isOwner = ref !== null && ref.userId === user.id;
  // D9: another provider's appointments look missing, exactly as a profile id that does not exist.
  if (!ref || (!isOwner && user.userType !== 'admin')) {
    throw new NotFoundError('professionalId' in provider ? PROFESSIONAL_NOT_FOUND : INSTITUTION_NOT_FOUND);
  }
  return repo.listAppointments(
    db,
    'professionalId' in provider ? { professionalId: ref.id } : { institutionId: ref.id },
    status,
  );
}

// ---------------------------------------------------------------- status changes

type Actor = 'provider' | 'patient';

/**
 * Who may move what (spec §4, issue 6): the provider confirms or cancels a pending
 * appointment and completes a confirmed one once its time has passed; the patient
 * cancels their own pending or confirmed appointment. Everything else is 409.
 */
const transitions: Record<Actor, Partial<Record<AppointmentStatus, AppointmentStatus[]>>> = {
  provider: { pending: ['confirmed', 'cancelled'], confirmed: ['completed'] },
  patient: { pending: ['cancelled'], confirmed: ['cancelled'] },
};

export function allowedTransitions(actor: Actor, from: AppointmentStatus): AppointmentStatus[] {
  return transitions[actor][from] ?? [];
}

export async function changeStatus(
  sql: Sql,
  user: SessionUser,
  id: number,
  to: AppointmentStatus,
  clock: Clock = systemClock,
): Promise<repo.AppointmentRow> {
  const current = await repo.findAppointmentWithOwner(sql, id);
  const actor: Actor | null = !current
    ? null
    : current.providerUserId === user.id ? 'provider' : current.patientId === user.id ? 'patient' : null;
  // D9: an administrator sees every appointment but has no part in one (a wrong role, 403); to
  // anyone else, someone else's appointment answers exactly as one that does not exist.
  if (current && !actor && user.userType === 'admin') throw new ForbiddenError();
  if (!current || !actor) throw new NotFoundError(APPOINTMENT_NOT_FOUND);
  if (!allowedTransitions(actor, current.status).includes(to)) throw new ConflictError(TRANSITION_MESSAGE);
  if (to === 'completed' && current.appointmentDate.getTime() > clock().getTime()) {
    throw new ConflictError(NOT_YET_MESSAGE);
  }
  return sql.begin(async (tx) => {
    const row = await repo.updateStatus(tx, id, current.status, to);
    // Someone else moved it between our read and our write.
    if (!row) throw new ConflictError(TRANSITION_MESSAGE);
    await emit(tx, 'appointment.status', { appointmentId: id, status: to, by: actor });
    // A cancellation frees the slot: the index may show it as the next free one again.
    if (to === 'cancelled') {
      await emitSearchEvent(tx, (row.professionalId != null ? { professionalId: row.professionalId } : { institutionId: row.institutionId! }));
    }
    return row;
  });
}

// ---------------------------------------------------------------- availability

/**
 * The public day view of a provider's slots. It says only whether each slot can be
 * booked: never by whom, nor whether it is pending or confirmed.
 */
export async function availability(
  db: Db,
  provider: repo.Provider,
  date: string,
  clock: Clock = systemClock,
): Promise<AvailabilityDay> {
  await approvedProvider(db, provider);
  const now = clock();
  const offered = new Set<string>(offeredSlots((await loadSchedule(db, keyOf(provider), now))!, date));
  const dayStart = lagosTimestamp(date, '00:00');
  const next = new Date(new Date(dayStart).getTime() + 24 * 3600 * 1000);
  const taken = new Set(
    (await repo.takenTimes(db, provider, dayStart, next.toISOString())).map((d) => lagosDateTimeParts(d).time),
  );
  const past = date < lagosToday(now);
  return {
    date,
    // Every slot of the grid is listed; those outside the hours, on a day off or in
    // directory mode are simply not available.
    slots: timeSlots.map((time) => ({
      time,
      available: !past && offered.has(time) && !taken.has(time) && new Date(lagosTimestamp(date, time)).getTime() > now.getTime(),
    })),
  };
}
