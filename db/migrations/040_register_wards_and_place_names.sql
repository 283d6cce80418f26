-- Issue 33: the register's ward names as places, and a typed place's centre as a lookup.
--
-- register_wards: every ward the listings name, with its LGA and state (decision 010's addendum):
-- query understanding reads a ward ("clinic in Onike") as its LGA. Kept by the importer at the end
-- of each run (db/src/register/import.ts refreshRegisterWards), read by each API process when a run
-- has finished since it last looked (api/src/modules/search/register-wards.ts). Thousands of rows,
-- read whole: no index beyond the key.
CREATE TABLE register_wards (
  state      text NOT NULL,
  lga        text NOT NULL,
  ward       text NOT NULL,
  facilities integer NOT NULL,
  PRIMARY KEY (state, lga, ward)
);

INSERT INTO register_wards (state, lga, ward, facilities)
SELECT state, lga, ward, count(*)::int FROM institutions
WHERE ward IS NOT NULL AND lga IS NOT NULL AND status = 'approved'
GROUP BY state, lga, ward;

-- A typed place's centre (location.repo placeCentre: the median of the located, approved
-- institutions whose ward, LGA, town or state is the typed name, whatever its case): one index a
-- kind of name, on the lowered name, carrying the name and the coordinates, so each kind is an
-- index-only lookup instead of a scan of every institution (20-85 ms at 60,000). The plain column
-- is carried too: PostgreSQL 15 plans an index-only scan only when every column the query names
-- is in the index (the label is min(name)).
CREATE INDEX institutions_place_ward_idx ON institutions (lower(ward)) INCLUDE (ward, latitude, longitude)
  WHERE latitude IS NOT NULL AND status = 'approved';
CREATE INDEX institutions_place_lga_idx ON institutions (lower(lga)) INCLUDE (lga, latitude, longitude)
  WHERE latitude IS NOT NULL AND status = 'approved';
CREATE INDEX institutions_place_city_idx ON institutions (lower(city)) INCLUDE (city, latitude, longitude)
  WHERE latitude IS NOT NULL AND status = 'approved';
CREATE INDEX institutions_place_state_idx ON institutions (lower(state)) INCLUDE (state, latitude, longitude)
  WHERE latitude IS NOT NULL AND status = 'approved';
