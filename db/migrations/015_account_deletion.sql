-- Account deletion (PRODUCT.md D21, issue 14). Deleting an account deletes its
-- user row; what others hold keeps its place without naming the person:
-- - a review stays, shown as "Former patient" (reviewer_id becomes NULL);
-- - an appointment stays in its provider's list, its patient details erased by
--   the deletion itself (patient_id becomes NULL).
ALTER TABLE reviews
  ALTER COLUMN reviewer_id DROP NOT NULL,
  DROP CONSTRAINT reviews_reviewer_id_fkey,
  ADD CONSTRAINT reviews_reviewer_id_fkey FOREIGN KEY (reviewer_id) REFERENCES users (id) ON DELETE SET NULL;

ALTER TABLE appointments
  ALTER COLUMN patient_id DROP NOT NULL,
  DROP CONSTRAINT appointments_patient_id_fkey,
  ADD CONSTRAINT appointments_patient_id_fkey FOREIGN KEY (patient_id) REFERENCES users (id) ON DELETE SET NULL;
