-- D17: one canonical doctor list (contracts' doctorSpecialties): the spec's 16, the admin
-- screen's 10 more, and Dentistry. GET /api/specialties lists them in the contracts' order.
INSERT INTO specialties (name) VALUES
  ('Oncology'),
  ('Endocrinology'),
  ('Gastroenterology'),
  ('Nephrology'),
  ('Pulmonology'),
  ('Urology'),
  ('Rheumatology'),
  ('Infectious Disease'),
  ('Plastic Surgery'),
  ('Allergy & Immunology'),
  ('Dentistry')
ON CONFLICT (name) DO NOTHING;
