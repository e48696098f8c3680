-- A generated password opens one session only (issue 23: a school's first operator, made by
-- `npm run school -- operator`, receives one printed once).
ALTER TABLE "users" ADD COLUMN "password_one_time" boolean DEFAULT false NOT NULL;