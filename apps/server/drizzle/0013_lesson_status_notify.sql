-- A classroom detail's completed lessons count only published lessons (an unpublished one does
-- not exist for learners), and that read is kept per learner until the database says their rows
-- changed (migration 0007). Publishing or unpublishing a lesson changes it for everyone who
-- learned the lesson, as moving the lesson to another course does: the trigger that announces a
-- move now announces a change of status too.
DROP TRIGGER "lessons_learner_rows_moved" ON "lessons";--> statement-breakpoint
CREATE TRIGGER lessons_learner_rows_changed AFTER UPDATE ON lessons
  FOR EACH ROW WHEN ((OLD.course_id, OLD.status) IS DISTINCT FROM (NEW.course_id, NEW.status))
  EXECUTE FUNCTION learner_rows_all_changed();
