-- Deletes the demo's ended rate-limit counters on a schedule, so no counter outlives its
-- window by more than the privacy policy allows (lib/signed-url/counter-lifetime.ts): admit()
-- deletes a few ended rows per call, but without calls nothing would delete the last ones.
--
--   prune(at)  deletes every counter whose window has ended by `at` (default: now) and
--              answers how many it deleted.
--
-- Supabase ships pg_cron (Integrations -> Cron); this migration enables it and schedules
-- prune() every 5 minutes. A PostgreSQL without pg_cron (the tests' throwaway cluster) gets
-- prune() and a warning: there, something else must call it.

create or replace function signed_url_limits.prune(at timestamptz default null)
returns integer
language sql
set search_path = ''
as $$
  with gone as (
    delete from signed_url_limits.counters c where c.window_ends_at <= coalesce(at, now()) returning 1
  )
  select count(*)::integer from gone;
$$;

revoke all on function signed_url_limits.prune(timestamptz) from public;
do $$
declare
  api_role text;
begin
  foreach api_role in array array['anon', 'authenticated', 'service_role'] loop
    if exists (select 1 from pg_roles where rolname = api_role) then
      execute format('revoke all on function signed_url_limits.prune(timestamptz) from %I', api_role);
    end if;
  end loop;
end;
$$;

do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron with schema pg_catalog;
    -- Scheduling under an existing name replaces that job, so re-running the migration is safe.
    perform cron.schedule('signed-url-limits-prune', '*/5 * * * *', 'select signed_url_limits.prune()');
  else
    raise warning 'pg_cron is not available: nothing deletes ended demo counters without traffic. Call signed_url_limits.prune() at least every 5 minutes.';
  end if;
end;
$$;
