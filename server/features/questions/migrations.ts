// The questions' schema (issue 52), written once for both engines. Append, never edit: a database that has run a
// migration never runs it again (platform/database/migrate.ts).
import { stepsWithColumnTypes, type Migrations } from '../../platform/database/migrate'

export const questionsMigrations: Migrations = {
  // A question (its kind, whether it is sensitive, asked or retired), each wording it had (a new version per edit,
  // as the consent wording has), the answers with the version they answered, and the consent to sensitive
  // questions, kept apart from the email purposes on the signup. Flags are words, alike on both engines. A
  // sensitive answer is sealed (answer_sealed, AES-256-GCM) and its plain column stays NULL; an ordinary one is
  // the reverse.
  '2026-12-06-1430-questions': {
    up: stepsWithColumnTypes(({ id, ref, time }) => [
      `CREATE TABLE questions (
        id ${id},
        kind TEXT NOT NULL CHECK (kind IN ('single', 'several', 'short')),
        sensitivity TEXT NOT NULL CHECK (sensitivity IN ('ordinary', 'sensitive')),
        state TEXT NOT NULL CHECK (state IN ('asked', 'retired')),
        version INTEGER NOT NULL,
        created_by TEXT NOT NULL,
        created_at ${time} NOT NULL,
        retired_by TEXT NULL,
        retired_at ${time} NULL
      )`,
      `CREATE TABLE question_versions (
        question_id ${ref} NOT NULL REFERENCES questions (id),
        version INTEGER NOT NULL,
        wording TEXT NOT NULL,
        choices TEXT NOT NULL,
        written_by TEXT NOT NULL,
        written_at ${time} NOT NULL,
        PRIMARY KEY (question_id, version)
      )`,
      `CREATE TABLE answers (
        id ${id},
        signup_id ${ref} NOT NULL,
        question_id ${ref} NOT NULL REFERENCES questions (id),
        version INTEGER NOT NULL,
        answer TEXT NULL,
        answer_sealed TEXT NULL,
        answered_at ${time} NOT NULL,
        UNIQUE (signup_id, question_id)
      )`,
      `CREATE INDEX answers_question ON answers (question_id)`,
      // The retention clock reads only the sealed answers, oldest first.
      `CREATE INDEX answers_sealed_at ON answers (answered_at) WHERE answer_sealed IS NOT NULL`,
      `CREATE TABLE sensitive_consents (
        signup_id ${ref} PRIMARY KEY,
        version TEXT NOT NULL,
        given_at ${time} NULL,
        withdrawn_at ${time} NULL
      )`,
    ]),
  },
}
