-- Delivery reports of texts (issue 36, decision 034): what the provider's callback said
-- became of a message we handed over ('sent' is our side: the provider accepted it).
-- Africa's Talking's delivery report names its messageId, WhatsApp's status webhook its wamid;
-- both are text_messages.provider_message_id. Never a body, never the failure's wording
-- (it can quote the number): a code only.
ALTER TABLE text_messages
  ADD COLUMN delivery_status text CHECK (delivery_status IN ('delivered', 'read', 'failed')),
  ADD COLUMN delivery_reported_at timestamptz,
  ADD COLUMN delivery_error text;
CREATE INDEX text_messages_provider_message_id_idx ON text_messages (channel, provider_message_id)
  WHERE provider_message_id IS NOT NULL;
