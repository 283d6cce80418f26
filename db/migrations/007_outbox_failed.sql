-- Outbox rows the relay can never route (unknown topic, payload that breaks its
-- topic's shape) are set aside at once in failed_at, with their error in last_error,
-- so the rows behind them flow on; abandoned_at stays for rows that failed
-- attempts times on a transient error (Redis down). `npm run outbox -- --failed` lists both.
ALTER TABLE outbox ADD COLUMN failed_at timestamptz;

DROP INDEX outbox_unprocessed_idx;
CREATE INDEX outbox_unprocessed_idx ON outbox (id)
  WHERE processed_at IS NULL AND abandoned_at IS NULL AND failed_at IS NULL;

-- Set-aside rows, newest first, for the operator's list.
CREATE INDEX outbox_set_aside_idx ON outbox (id)
  WHERE processed_at IS NULL AND (abandoned_at IS NOT NULL OR failed_at IS NOT NULL);

-- Processed rows carry personal data (mail addresses, names): the hourly cleanup
-- deletes those processed more than 7 days ago, oldest first, by this index.
CREATE INDEX outbox_processed_at_idx ON outbox (processed_at) WHERE processed_at IS NOT NULL;
