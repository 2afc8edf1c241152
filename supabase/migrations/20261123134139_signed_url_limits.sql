-- Limits on demo-call signed URLs, kept in the project's Postgres so that every Edge
-- Function isolate enforces one per-visitor limit and one daily cap (in isolate memory
-- they reset with every cold start, and abuse cost would be unbounded).
--
-- The same rules run in memory and in Redis on Node hosts (lib/signed-url/*-store.ts);
-- tests/unit/signed-url/limit-store.test.ts holds all three to one suite.
--
--   admit(...)   checks four counters and counts the request in all of them, or in none:
--                  client-per-minute  the visitor, fixed 1-minute window from its first call
--                  client-per-day     the visitor, fixed 24-hour window from its first call
--                  network-per-day    the visitor's network (IPv4 /24, IPv6 /48), 24 hours
--                  daily-cap          the whole service, per UTC calendar day
--                It answers a ticket naming the windows it counted in.
--   release(...) gives a ticket's slots back, in the windows it was counted in only: an
--                upstream failure costs nothing, and only issued signed URLs count.
--
-- Both take row locks in key order inside one statement, so concurrent calls from any
-- number of isolates neither over-admit nor deadlock.

create schema if not exists signed_url_limits;
comment on schema signed_url_limits is 'Demo-call rate limits of the elevenlabs-auth Edge Function; not exposed to the API.';

create table if not exists signed_url_limits.counters (
  key text primary key,
  used integer not null default 0 check (used >= 0),
  window_ends_at timestamptz not null
);
create index if not exists counters_window_ends_at on signed_url_limits.counters (window_ends_at);

-- Row level security with no policy: even if someone exposed the schema to the REST API,
-- the anon and authenticated roles would read and write nothing.
alter table signed_url_limits.counters enable row level security;

create or replace function signed_url_limits.admit(
  client_key text,
  network_key text,
  per_minute integer,
  per_day integer,
  per_network_per_day integer,
  daily_cap integer,
  -- Tests pass a clock; the function passes none, so every isolate reads the database's.
  at timestamptz default null
)
returns table (admitted boolean, refused_by text, retry_after_seconds integer, ticket jsonb)
language plpgsql
set search_path = ''
as $$
declare
  now_at timestamptz := coalesce(at, now());
  utc_day date := (coalesce(at, now()) at time zone 'UTC')::date;
  names text[] := array['client-per-minute', 'client-per-day', 'network-per-day', 'daily-cap'];
  limits integer[] := array[per_minute, per_day, per_network_per_day, daily_cap];
  keys text[];
  fresh_ends timestamptz[];
  used_now integer[] := array[0, 0, 0, 0];
  ends_now timestamptz[] := array[null, null, null, null]::timestamptz[];
  binding integer := 0;
  row_used integer;
  row_ends timestamptz;
  i integer;
begin
  if client_key is null or client_key = '' or network_key is null or network_key = '' then
    raise exception 'signed_url_limits.admit: client_key and network_key must be non-empty' using errcode = '22023';
  end if;
  if least(per_minute, per_day, per_network_per_day, daily_cap) is null or least(per_minute, per_day, per_network_per_day, daily_cap) < 1 then
    raise exception 'signed_url_limits.admit: every limit must be a whole number >= 1' using errcode = '22023';
  end if;

  keys := array['minute:' || client_key, 'day:' || client_key, 'network-day:' || network_key, 'cap:' || utc_day::text];
  -- Millisecond precision, so a ticket read by a JavaScript client names its windows exactly.
  fresh_ends := array[
    date_trunc('milliseconds', now_at + interval '1 minute'),
    date_trunc('milliseconds', now_at + interval '1 day'),
    date_trunc('milliseconds', now_at + interval '1 day'),
    (utc_day + 1)::timestamp at time zone 'UTC'
  ];

  -- Lock (creating or restarting where a window has ended) in key order.
  for i in select k.ord from unnest(keys) with ordinality as k(key, ord) order by k.key loop
    insert into signed_url_limits.counters as c (key, used, window_ends_at)
    values (keys[i], 0, fresh_ends[i])
    on conflict (key) do update
      set used = case when c.window_ends_at <= now_at then 0 else c.used end,
          window_ends_at = case when c.window_ends_at <= now_at then excluded.window_ends_at else c.window_ends_at end
    returning c.used, c.window_ends_at into row_used, row_ends;
    used_now[i] := row_used;
    ends_now[i] := row_ends;
  end loop;

  -- Refused: named after the full counter whose window ends last, so the visitor hears the
  -- longest wait (a spent day outranks a spent minute).
  for i in 1..4 loop
    if used_now[i] >= limits[i] and (binding = 0 or ends_now[i] > ends_now[binding]) then
      binding := i;
    end if;
  end loop;
  if binding > 0 then
    return query select false, names[binding], greatest(1, ceil(extract(epoch from ends_now[binding] - now_at)))::integer, null::jsonb;
    return;
  end if;

  update signed_url_limits.counters c set used = c.used + 1 where c.key = any(keys);

  -- Ended windows are dead rows; a few go with each call, without waiting on anyone.
  delete from signed_url_limits.counters c
  where c.key in (
    select old.key from signed_url_limits.counters old
    where old.window_ends_at <= now_at
    limit 20 for update skip locked
  );

  return query select true, null::text, null::integer,
    (select jsonb_agg(jsonb_build_object('key', keys[n], 'window_ends_at', ends_now[n])) from generate_series(1, 4) n);
end;
$$;

create or replace function signed_url_limits.release(ticket jsonb)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  entry record;
  given_back integer := 0;
begin
  if ticket is null or jsonb_typeof(ticket) <> 'array' then
    raise exception 'signed_url_limits.release: ticket must be the array admit returned' using errcode = '22023';
  end if;
  for entry in
    select t.key, t.window_ends_at from jsonb_to_recordset(ticket) as t(key text, window_ends_at timestamptz) order by t.key
  loop
    update signed_url_limits.counters c set used = c.used - 1
    where c.key = entry.key and c.window_ends_at = entry.window_ends_at and c.used > 0;
    if found then given_back := given_back + 1; end if;
  end loop;
  return given_back;
end;
$$;

-- Functions are executable by PUBLIC when created; only the function's own connection
-- (the database owner, through SUPABASE_DB_URL) may count or give back.
revoke all on schema signed_url_limits from public;
revoke all on all tables in schema signed_url_limits from public;
revoke all on function signed_url_limits.admit(text, text, integer, integer, integer, integer, timestamptz) from public;
revoke all on function signed_url_limits.release(jsonb) from public;
do $$
declare
  api_role text;
begin
  -- Supabase's API roles; a plain PostgreSQL (the tests) has none of them.
  foreach api_role in array array['anon', 'authenticated', 'service_role'] loop
    if exists (select 1 from pg_roles where rolname = api_role) then
      execute format('revoke all on schema signed_url_limits from %I', api_role);
      execute format('revoke all on all tables in schema signed_url_limits from %I', api_role);
      execute format('revoke all on all functions in schema signed_url_limits from %I', api_role);
    end if;
  end loop;
end;
$$;
