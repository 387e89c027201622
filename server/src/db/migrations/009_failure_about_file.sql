-- Whether a job's failure_reason is about the file: the reader refused it (zip bomb, DOCTYPE,
-- truncated, password-protected…), so the supplier is shown the reason and can fix the file.
-- Otherwise (crash, deadline, memory, database) the page keeps its general text. Jobs set it
-- from the error's type; rows from before are judged by their text, as the page judged them.
alter table imports add column failure_about_file boolean not null default false;
update imports set failure_about_file = true
  where failure_reason like 'Filen %' and failure_reason <> 'Filen saknar innehåll och kan inte bearbetas.';
