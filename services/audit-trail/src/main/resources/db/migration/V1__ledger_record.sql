-- The audit trail's record of the ledger. Every table is append-only; every insert is
-- INSERT ... ON CONFLICT DO NOTHING on the keys below, so a redelivered Kafka record is a no-op.

-- Every table-events record as received (the processor may then have applied, rejected or found it a duplicate).
-- One row per Kafka record: (partition, offset) of table-events.
CREATE TABLE recorded_event (
    kafka_partition integer     NOT NULL,
    kafka_offset    bigint      NOT NULL,
    match_id        text        NOT NULL,  -- the record key
    seq             bigint,                -- null when the value has no integral seq (it was rejected)
    event_id        text,
    type            text,
    payload         text        NOT NULL,  -- the record value exactly as received
    recorded_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (kafka_partition, kafka_offset)
);
CREATE INDEX recorded_event_match ON recorded_event (match_id, kafka_partition, kafka_offset);
CREATE INDEX recorded_event_match_event ON recorded_event (match_id, event_id);

-- The rulings of applied events and of corrections (match-rulings, every kind but the notices below).
-- Unique per (match, seq, n) for applied events, corrections included (their re-judged rulings carry `rejudges`).
CREATE TABLE ruling (
    match_id  text    NOT NULL,
    seq       bigint  NOT NULL,
    n         integer NOT NULL,
    event_id  text    NOT NULL,
    kind      text    NOT NULL,
    rule      text,
    player    text,
    points    integer,
    target_id text,
    rejudges  bigint,
    rulings_of_event integer,              -- the processor's ledger-rulings-of-event header
    body      text    NOT NULL,            -- the ruling JSON as published
    PRIMARY KEY (match_id, seq, n)
);
CREATE INDEX ruling_kind ON ruling (kind) WHERE kind IN ('APPEAL_FILED', 'APPEAL_DECIDED');

-- Rejections, each keyed by its own Kafka coordinates:
--  source 'processor'  a table-events-rejected record of the processor: names the table-events record it rejects
--                      (event_partition, event_offset), unique on those too;
--  source 'gateway'    a post the gateway refused (never reached table-events);
--  source 'notice'     an EVENT_REJECTED or DUPLICATE ruling from match-rulings (seq may be null).
CREATE TABLE rejected_event (
    topic           text    NOT NULL,
    kafka_partition integer NOT NULL,
    kafka_offset    bigint  NOT NULL,
    source          text    NOT NULL,
    match_id        text,
    seq             bigint,
    event_id        text,
    kind            text,                  -- notices: EVENT_REJECTED or DUPLICATE
    reason          text,
    event_partition integer,               -- processor: the rejected table-events record
    event_offset    bigint,
    body            text    NOT NULL,      -- the record value exactly as received
    recorded_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (topic, kafka_partition, kafka_offset)
);
CREATE UNIQUE INDEX rejected_event_source ON rejected_event (event_partition, event_offset)
    WHERE source = 'processor';
CREATE INDEX rejected_event_match ON rejected_event (match_id);

-- Every view published on match-views (compacted there; kept here for verify). One row per (match, lastSeq).
CREATE TABLE published_view (
    match_id text   NOT NULL,
    last_seq bigint NOT NULL,
    body     text   NOT NULL,
    PRIMARY KEY (match_id, last_seq)
);
