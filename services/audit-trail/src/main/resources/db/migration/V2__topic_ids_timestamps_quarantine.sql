-- Topic ids, Kafka timestamps and the quarantine.
--
-- A topic that is deleted and created again starts its offsets at 0 again: rows keyed by Kafka coordinates carry the
-- topic's id (Kafka's Uuid, as text) so that the new topic's records are not taken for redeliveries of the old one's.
-- Rows written before this migration have no topic id: they keep '' (still readable, still unique among themselves).

ALTER TABLE recorded_event ADD COLUMN topic_id text NOT NULL DEFAULT '';
ALTER TABLE recorded_event ADD COLUMN kafka_timestamp timestamptz;
ALTER TABLE recorded_event DROP CONSTRAINT recorded_event_pkey;
ALTER TABLE recorded_event ADD PRIMARY KEY (topic_id, kafka_partition, kafka_offset);

ALTER TABLE rejected_event ADD COLUMN topic_id text NOT NULL DEFAULT '';
ALTER TABLE rejected_event ADD COLUMN kafka_timestamp timestamptz;
-- processor rejections: the id table-events had when the rejection was stored ('' before this migration).
ALTER TABLE rejected_event ADD COLUMN event_topic_id text NOT NULL DEFAULT '';
ALTER TABLE rejected_event DROP CONSTRAINT rejected_event_pkey;
ALTER TABLE rejected_event ADD PRIMARY KEY (topic, topic_id, kafka_partition, kafka_offset);
DROP INDEX rejected_event_source;
CREATE UNIQUE INDEX rejected_event_source ON rejected_event (event_topic_id, event_partition, event_offset)
    WHERE source = 'processor';

ALTER TABLE ruling ADD COLUMN kafka_timestamp timestamptz;
ALTER TABLE published_view ADD COLUMN kafka_timestamp timestamptz;

-- Records PostgreSQL refused for their content (SQLSTATE class 22, 23 or 54, e.g. a NUL character in a text value)
-- or that could not be read as what their topic carries. Kept here, with the error, so that they never hold up the
-- records after them and are never lost. Text values have NUL characters escaped as \u0000.
CREATE TABLE quarantined_record (
    id              bigserial   PRIMARY KEY,
    topic           text        NOT NULL,
    topic_id        text        NOT NULL,
    kafka_partition integer     NOT NULL,
    kafka_offset    bigint      NOT NULL,
    kafka_timestamp timestamptz,
    match_id        text,                  -- the record key (or the matchId read from the value), if any
    sql_state       text,                  -- null: the record could not be read (nothing was sent to PostgreSQL)
    error           text        NOT NULL,
    record_key      text,
    record_value    text,                  -- null for a tombstone
    quarantined_at  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (topic, topic_id, kafka_partition, kafka_offset)
);
CREATE INDEX quarantined_record_match ON quarantined_record (match_id);
