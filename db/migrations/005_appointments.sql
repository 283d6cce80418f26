-- Appointments: what the reminder reconciliation scans every hour (confirmed,
-- reminder not yet sent, by time) stays a small index range instead of a table scan.
CREATE INDEX appointments_reminder_due_idx ON appointments (appointment_date)
  WHERE status = 'confirmed' AND reminder_sent_at IS NULL;

-- "Verified patient": a reviewer with a completed appointment with the provider.
CREATE INDEX appointments_completed_patient_idx ON appointments (patient_id)
  WHERE status = 'completed';
