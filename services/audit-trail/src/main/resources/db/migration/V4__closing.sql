-- Closing (docs/events.md "Closing, exactly"): a finished match closes when its correction window has passed, with a
-- MATCH_CLOSED ruling at its last seq L (no eventId) and a last view, also lastSeq L, with "closed": true.

-- The closed view has the lastSeq of the view before it: both are kept, told apart by `closed`.
ALTER TABLE published_view ADD COLUMN closed boolean NOT NULL DEFAULT false;
ALTER TABLE published_view DROP CONSTRAINT published_view_pkey;
ALTER TABLE published_view ADD PRIMARY KEY (match_id, last_seq, closed);

-- The closing of a match: its MATCH_CLOSED ruling as published. One row per (match, seq): a match closes once.
CREATE TABLE match_closing (
    match_id          text    NOT NULL,
    seq               bigint  NOT NULL,   -- the match's last seq
    correction_window text,               -- the ruling's detail: the window, ISO-8601 (PT24H)
    rulings_of_event  integer,            -- the processor's ledger-rulings-of-event header
    body              text    NOT NULL,   -- the ruling JSON as published
    kafka_timestamp   timestamptz,        -- when the processor wrote it: the time the match closed
    PRIMARY KEY (match_id, seq)
);

-- Closings stored before this migration were kept as notices: they move here.
INSERT INTO match_closing (match_id, seq, correction_window, body, kafka_timestamp)
    SELECT match_id, seq, reason, body, kafka_timestamp FROM rejected_event
    WHERE source = 'notice' AND kind = 'MATCH_CLOSED' AND match_id IS NOT NULL AND seq IS NOT NULL
    ON CONFLICT DO NOTHING;
DELETE FROM rejected_event
    WHERE source = 'notice' AND kind = 'MATCH_CLOSED' AND match_id IS NOT NULL AND seq IS NOT NULL;

-- Views published before this migration: a view that says "closed": true is the closed one.
UPDATE published_view SET closed = true WHERE body LIKE '%"closed":true%';
