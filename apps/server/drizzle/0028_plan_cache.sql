-- Issue 17 §6: measured under bench:ingest with pg_stat_statements (track_planning), the call
-- group's insert and the answers' search text were planned again for every row (0.73 ms and
-- 0.50 ms of planning per delivery, more than their execution): PL/pgSQL passes its variables as
-- parameters, and the planner kept choosing custom plans because folding the constants of these
-- IMMUTABLE expressions made each one look cheaper. A generic plan, made once per session, is
-- exactly as good for these single-row statements.
ALTER FUNCTION ringback_refresh_call_group(uuid, boolean) SET plan_cache_mode = force_generic_plan;--> statement-breakpoint
ALTER FUNCTION ringback_answers_text(jsonb, text, text, text) SET plan_cache_mode = force_generic_plan;
