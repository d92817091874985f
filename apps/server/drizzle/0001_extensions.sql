-- pg_trgm backs substring search (respondent name, email, form title) with GIN indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
