-- The organisation's Swedish organisation number (organisationsnummer: 10 digits, no dash), where
-- it is known (decision 0044). A price list downloaded as a Peppol catalogue names its
-- organisation by it (EAS and ICD 0007) instead of a made-up identifier.
alter table organizations add column organization_number text
  check (organization_number ~ '^[0-9]{10}$');
