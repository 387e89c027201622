-- A round of corrections as it is being typed on a summary, kept per import and user (decision
-- 0043): the page saves it a moment after each change, so a reload, a time-out or another sign-in
-- finds it again. The same JSON as the round "Validera igen" sends, without basedOn. "Validera
-- igen" deletes the user's draft; a new file or a new column mapping deletes every draft of the
-- import (they name cells).
create table import_correction_drafts (
  import_id integer not null references imports (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  draft jsonb not null,
  saved_at timestamptz not null,
  primary key (import_id, user_id)
);
