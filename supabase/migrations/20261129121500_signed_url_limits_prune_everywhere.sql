-- Ended demo counters are deleted on time in every deployment, with or without pg_cron
-- (the privacy policy: within an hour after a counter's window ends; lib/signed-url/counter-lifetime.ts).
--
--   admit(...)        now deletes up to 20 ended counters, anyone's, on every call, admitted or
--                     refused (before, only admitted calls did): a flood of refused calls keeps
--                     the table clean too. It walks the window-end index, so it never scans
--                     the table.
--   prune(at)         skips rows a running admit() holds (that call restarts or deletes them),
--                     so a scheduled prune never waits on, or deadlocks with, a visitor's call.
--   prune_scheduled() answers whether pg_cron runs prune() (the earlier migration schedules it
--                     where pg_cron exists). The function's store asks it once as it starts:
--                     without a schedule, the process serving the function prunes on a timer.
--
-- Without traffic something must still delete: pg_cron, or a long-running process (the
-- function under plain Deno) that prunes on its own timer. An isolate runtime without
-- pg_cron has neither, so this migration refuses to install on a database without the
-- schedule unless the operator declares that such a process serves the function:
--
--   alter database <name> set signed_url_limits.pruned_by = 'process';

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

  -- Ended windows are dead rows: the oldest few go with every call, refused or not. Only
  -- after this call's own rows are locked, and skipping rows others hold, so it never waits
  -- (deleting first could hold a row another call is about to lock, while waiting on a
  -- row that call already holds). The order follows the window-end index: no table scan.
  delete from signed_url_limits.counters c
  where c.key in (
    select old.key from signed_url_limits.counters old
    where old.window_ends_at <= now_at
    order by old.window_ends_at
    limit 20 for update skip locked
  );

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

  return query select true, null::text, null::integer,
    (select jsonb_agg(jsonb_build_object('key', keys[n], 'window_ends_at', ends_now[n])) from generate_series(1, 4) n);
end;
$$;

create or replace function signed_url_limits.prune(at timestamptz default null)
returns integer
language sql
set search_path = ''
as $$
  with gone as (
    delete from signed_url_limits.counters c
    where c.key in (
      select old.key from signed_url_limits.counters old
      where old.window_ends_at <= coalesce(at, now())
      for update skip locked
    )
    returning 1
  )
  select count(*)::integer from gone;
$$;

create or replace function signed_url_limits.prune_scheduled()
returns boolean
language plpgsql
stable
set search_path = ''
as $$
declare
  scheduled boolean;
begin
  -- Without pg_cron there is no cron.job to name in static SQL.
  if to_regclass('cron.job') is null then
    return false;
  end if;
  execute 'select exists (select 1 from cron.job where jobname = $1 and active)' into scheduled using 'signed-url-limits-prune';
  return scheduled;
end;
$$;

revoke all on function signed_url_limits.prune_scheduled() from public;
do $$
declare
  api_role text;
begin
  foreach api_role in array array['anon', 'authenticated', 'service_role'] loop
    if exists (select 1 from pg_roles where rolname = api_role) then
      execute format('revoke all on function signed_url_limits.prune_scheduled() from %I', api_role);
    end if;
  end loop;
end;
$$;

do $$
begin
  if signed_url_limits.prune_scheduled() then
    raise notice 'pg_cron runs signed_url_limits.prune() every 5 minutes.';
  elsif current_setting('signed_url_limits.pruned_by', true) = 'process' then
    raise notice 'No pg_cron schedule: the process serving the function runs signed_url_limits.prune() every 5 minutes (signed_url_limits.pruned_by = process).';
  else
    raise exception 'signed_url_limits: nothing would delete ended demo counters without traffic (no pg_cron schedule)'
      using hint = 'Install pg_cron and re-run the migrations, or, if the function runs as a long-running process (plain Deno, not an isolate runtime), run: alter database <name> set signed_url_limits.pruned_by = ''process''; then re-run them. See supabase/README.md, Retention.';
  end if;
end;
$$;
