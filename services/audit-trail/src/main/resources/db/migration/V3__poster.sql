-- Who posted: the poster the gateway verified from the bearer token and recorded on the record's headers
-- (ledger-poster-subject, ledger-poster-role, ledger-poster-table). Null for records without them (written before
-- posters were kept, or not by the gateway). Processor rejections carry them when the processor copied them over.
ALTER TABLE recorded_event ADD COLUMN poster_subject text;
ALTER TABLE recorded_event ADD COLUMN poster_role text;
ALTER TABLE recorded_event ADD COLUMN poster_table text;

ALTER TABLE rejected_event ADD COLUMN poster_subject text;
ALTER TABLE rejected_event ADD COLUMN poster_role text;
ALTER TABLE rejected_event ADD COLUMN poster_table text;
