-- Dashboard over every line (issue 23): 'reported vs resolved per week' and the later days of 'open per day' read the
-- day counts of a period without a line; the only indexes led by line_id, so every day of every line was read (a
-- sequential scan of the whole table: 236 ms for 365 days at 100k points, 500k audit rows, load 20 on 2 cores). A
-- covering index by day reads only the period's rows, index-only. The day counts take a few grouped upserts per
-- statement, so the extra index costs writes little.
create index if not exists point_day_counts_day_cover_idx on private.point_day_counts (day)
  include (line_id, team_id, status, criticality, open_delta, reported, resolved);
