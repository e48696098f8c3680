-- Each server process keeps a signed-in learner's session and their own rows between requests
-- (lib/learner-cache.ts, decision 014) and forgets them when the database says they changed:
-- every change to a row those reads use notifies the channel learner_rows, after commit, with
-- the id of the user whose rows changed ('*': anyone's). Whoever writes (this server, another
-- process, an admin's SQL) cannot forget to tell. Updates of columns those reads do not use (a
-- lesson's position, the time of the latest report) stay silent: NOTIFY orders committing
-- transactions one at a time, and progress reports are the busiest writes. A read that comes to
-- use another column of these tables must add it to its trigger's condition.
CREATE FUNCTION learner_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0] names the column that holds the user's id. A notification repeated within a
  -- transaction is sent once.
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('learner_rows', to_jsonb(OLD) ->> TG_ARGV[0]);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('learner_rows', to_jsonb(NEW) ->> TG_ARGV[0]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION learner_rows_all_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('learner_rows', '*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The session lookup: the session row (any change: its expiry slides) and its user's status.
CREATE TRIGGER sessions_learner_rows AFTER INSERT OR UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION learner_rows_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER users_learner_rows_deleted AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION learner_rows_changed('id');
--> statement-breakpoint
CREATE TRIGGER users_learner_rows_updated AFTER UPDATE ON users
  FOR EACH ROW WHEN ((OLD.id, OLD.tenant_id, OLD.status) IS DISTINCT FROM (NEW.id, NEW.tenant_id, NEW.status))
  EXECUTE FUNCTION learner_rows_changed('id');
--> statement-breakpoint
-- A course detail: the membership (its dates, learned count, last lesson).
CREATE TRIGGER course_members_learner_rows AFTER INSERT OR DELETE ON course_members
  FOR EACH ROW EXECUTE FUNCTION learner_rows_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER course_members_learner_rows_updated AFTER UPDATE ON course_members
  FOR EACH ROW WHEN (
    (OLD.course_id, OLD.user_id, OLD.joined_at, OLD.expires_at, OLD.learned_lesson_count, OLD.last_lesson_id)
    IS DISTINCT FROM
    (NEW.course_id, NEW.user_id, NEW.joined_at, NEW.expires_at, NEW.learned_lesson_count, NEW.last_lesson_id))
  EXECUTE FUNCTION learner_rows_changed('user_id');
--> statement-breakpoint
-- A course detail's lesson statuses and a classroom detail's completed lessons.
CREATE TRIGGER lesson_learnings_learner_rows AFTER INSERT OR DELETE ON lesson_learnings
  FOR EACH ROW EXECUTE FUNCTION learner_rows_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER lesson_learnings_learner_rows_updated AFTER UPDATE ON lesson_learnings
  FOR EACH ROW WHEN ((OLD.lesson_id, OLD.user_id, OLD.status) IS DISTINCT FROM (NEW.lesson_id, NEW.user_id, NEW.status))
  EXECUTE FUNCTION learner_rows_changed('user_id');
--> statement-breakpoint
-- Both read lesson statuses by the lesson's course: a lesson moved to another course changes
-- them for everyone who learned it.
CREATE TRIGGER lessons_learner_rows_moved AFTER UPDATE ON lessons
  FOR EACH ROW WHEN (OLD.course_id IS DISTINCT FROM NEW.course_id)
  EXECUTE FUNCTION learner_rows_all_changed();
--> statement-breakpoint
-- A classroom detail: the membership.
CREATE TRIGGER classroom_members_learner_rows AFTER INSERT OR UPDATE OR DELETE ON classroom_members
  FOR EACH ROW EXECUTE FUNCTION learner_rows_changed('user_id');
--> statement-breakpoint
-- An exam detail: the membership (attempts used) and the attempts (open one, latest, best).
CREATE TRIGGER exam_members_learner_rows AFTER INSERT OR UPDATE OR DELETE ON exam_members
  FOR EACH ROW EXECUTE FUNCTION learner_rows_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER attempts_learner_rows AFTER INSERT OR DELETE ON attempts
  FOR EACH ROW EXECUTE FUNCTION learner_rows_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER attempts_learner_rows_updated AFTER UPDATE ON attempts
  FOR EACH ROW WHEN (
    (OLD.user_id, OLD.tenant_id, OLD.exam_id, OLD.status, OLD.score, OLD.submitted_at)
    IS DISTINCT FROM
    (NEW.user_id, NEW.tenant_id, NEW.exam_id, NEW.status, NEW.score, NEW.submitted_at))
  EXECUTE FUNCTION learner_rows_changed('user_id');
