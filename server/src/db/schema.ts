import type { ColumnType, Generated } from 'kysely';
import type {
  AttemptComparison,
  ColumnChoice,
  ImportStatus,
  ImportType,
  RevalidationCause,
  SavedChoice,
} from '#contract';

/** Kysely's view of the tables in `migrations/`. Keep it in step with the SQL. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DateOnly = ColumnType<Date, Date | string, Date | string>;

export interface OrganizationsTable {
  id: Generated<number>;
  name: string;
  kind: 'SUPPLIER' | 'CUSTOMER';
  /** 023: the Swedish organisation number (10 digits), where it is known. */
  organization_number: string | null;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  last_login_at: Timestamp | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** 020: mails when a long (or scripted) validation ends. */
  validation_mails: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
}
export interface PermissionsTable {
  id: Generated<number>;
  name: string;
}
export interface RolePermissionsTable {
  role_id: number;
  permission_id: number;
}
export interface EngagementsTable {
  id: Generated<number>;
  user_id: number;
  organization_id: number;
  position: Generated<number>;
}
export interface EngagementRolesTable {
  engagement_id: number;
  role_id: number;
}

export interface SessionsTable {
  id_hash: string;
  user_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  idle_expires_at: Timestamp;
  absolute_expires_at: Timestamp;
  previous_login_found: boolean;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  username: string;
  failed_at: Timestamp;
}

export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface ApiKeysTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  secret_hash: string;
  hint: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  expiry_warned_at: Timestamp | null;
}

export interface ArticlesTable {
  id: Generated<number>;
  organization_id: number;
  article_number: string;
  name: string;
  changed_at: Timestamp | null;
  discontinued_at: Timestamp | null;
}

export interface GeneralPricelistsTable {
  id: Generated<number>;
  organization_id: number;
}
export interface PricelistsTable {
  id: Generated<number>;
  general_pricelist_id: number;
  number: string;
  valid_from: DateOnly;
  /** 011: the number of rows, kept by triggers on pricelist_rows. */
  row_count: Generated<number>;
  /** 015: changes with every statement that writes the rows (bigint: read it as text). */
  rows_version: Generated<string>;
}
export interface PricelistRowsTable {
  id: Generated<number>;
  pricelist_id: number;
  article_id: number;
  /** numeric(14,2), as text: exact, never a float. */
  price: string;
  minimum_order_quantity: number;
  delivery_time_days: number | null;
  warranty_quantity: number | null;
  warranty_unit: string | null;
  warranty_valid_from: string | null;
  warranty_terms: string | null;
}

export interface ImportsTable {
  id: Generated<number>;
  organization_id: number;
  type: ImportType;
  status: ImportStatus;
  created_at: Timestamp;
  import_started_at: Timestamp | null;
  imported_at: Timestamp | null;
  file_name: string;
  imported_by: number;
  general_pricelist_id: number | null;
  pricelist_id: number | null;
  summary: ColumnType<unknown | null, string | null, string | null>;
  lease_owner: string | null;
  lease_expires_at: Timestamp | null;
  attempts: Generated<number>;
  updated_at: Timestamp;
  /** 003: why a job ended in VALIDATION_ERROR or IMPORT_ERROR. */
  failure_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** 009: whether failure_reason is the reader's refusal of the file (shown to the supplier). */
  failure_about_file: ColumnType<boolean, boolean | undefined, boolean>;
  /** 010: md5 of the price list's rows right after this import applied (null before 010, or not applied). */
  fingerprint_after: ColumnType<string | null, string | null | undefined, string | null>;
  /** 010: when and by whom the import was undone. */
  undone_at: Timestamp | null;
  undone_by: ColumnType<number | null, number | null | undefined, number | null>;
  /** 015: the price list's rows_version the summary was computed against (null: unknown). */
  validated_rows_version: ColumnType<string | null, string | null | undefined, string | null>;
  /** 015: why the import was validated again on its own: its price list changed, and when. */
  revalidation_cause: ColumnType<
    RevalidationCause | null,
    RevalidationCause | null | undefined,
    RevalidationCause | null
  >;
  revalidation_change_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** 017: a job that failed for a passing reason is not claimed before this time (null: at once). */
  run_after: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** 018: the mapping chosen for this import's validation, and by whom; null for none. */
  column_mapping: ColumnType<ChosenMapping | null, string | null | undefined, string | null>;
  /** 019: moves with every saved round of corrections. */
  corrections_version: Generated<number>;
  /** 019: who asked for the queued validation, and whether it is a new attempt. */
  attempt_by: ColumnType<number | null, number | null | undefined, number | null>;
  attempt_pending: ColumnType<boolean, boolean | undefined, boolean>;
  /** 020: when the queued validation was asked for, and whether through an API key. */
  attempt_requested_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  attempt_by_api_key: ColumnType<boolean, boolean | undefined, boolean>;
}

/** 019: each validation of an import that is an attempt (upload, new file, mapping, corrections). */
export interface ImportAttemptsTable {
  import_id: number;
  number: number;
  attempted_at: Timestamp;
  attempted_by: number | null;
  file_name: string;
  corrections: number;
  result: 'CONFIRM' | 'VALIDATION_ERRORS' | 'INVALID_FORMAT';
  error_count: number;
  counts: ColumnType<AttemptCounts | null, string | null, string | null>;
  error_keys: ColumnType<string[] | null, string | null, string | null>;
  comparison: ColumnType<AttemptComparison | null, string | null, string | null>;
}

export interface AttemptCounts {
  added: number;
  updated: number;
  removed: number;
  unchanged: number;
}

/** 019: corrections typed on a failed validation's summary; column_name '' is a row left out. */
export interface ImportCorrectionsTable {
  import_id: number;
  row_number: number;
  column_name: string;
  cell: string;
  old_value: string;
  new_value: string | null;
  corrected_by: number | null;
  corrected_at: Timestamp;
}

/** 022: a round of corrections being typed, per import and user (CorrectionDraft's JSON). */
export interface ImportCorrectionDraftsTable {
  import_id: number;
  user_id: number;
  draft: ColumnType<unknown, string, string>;
  saved_at: Timestamp;
}

/** A mapping chosen for an import (by the request or on the summary page), as imports.column_mapping keeps it. */
export interface ChosenMapping extends ColumnChoice {
  chosenBy: number;
}

/** 018: an organisation's saved column mappings. */
export interface ColumnMappingsTable {
  id: Generated<number>;
  organization_id: number;
  header_key: string;
  sheet: string;
  headers: ColumnType<string[], string, string>;
  columns: ColumnType<SavedChoice['columns'], string, string>;
  saved_by: number | null;
  saved_at: Timestamp;
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** 014: the ids of the rows an applied import added, one array per statement that wrote them. */
export interface ImportUndoAddedTable {
  import_id: number;
  batch: number;
  row_ids: (number | string)[];
}

/** 010: the rows an applied import changed as they were before it ('previous'); before 014 also the rows it added. */
export interface ImportUndoRowsTable {
  import_id: number;
  kind: 'previous' | 'added';
  row_id: number | string;
  article_id: number;
  price: string | null;
  minimum_order_quantity: number | null;
  delivery_time_days: number | null;
  warranty_quantity: number | null;
  warranty_unit: string | null;
  warranty_valid_from: string | null;
  warranty_terms: string | null;
}
/**
 * 008: the bytes are in `content` (PostgreSQL before 026) or under the name `stored_file`: a file
 * on disk (PGlite) or pieces in import_file_pieces (PostgreSQL, 026), until retention clears both.
 */
export interface ImportFilesTable {
  import_id: number;
  content: Uint8Array | null;
  size: number;
  stored_file: ColumnType<string | null, string | null | undefined, string | null>;
  bytes_deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** 026: an uploaded file's bytes on PostgreSQL, in order of `seq`; `file` is import_files.stored_file. */
export interface ImportFilePiecesTable {
  file: string;
  seq: number;
  bytes: Uint8Array;
  written_at: ColumnType<Date, Date | undefined, Date>;
}

export interface LegacyImportStatusesTable {
  unique_id: string;
  user_id: number;
  read_status: number;
  import_start_date: Timestamp | null;
  import_end_date: Timestamp | null;
  file_name: string;
}

export interface DynamicTextsTable {
  id: number;
  html: string;
}

/** The life of an agreement price-list row (see migrations/002_agreements.sql). */
export type AgreementRowStatus =
  | 'CREATED'
  | 'CHANGED'
  | 'PENDING_APPROVAL'
  | 'ACTIVE'
  | 'DECLINED'
  | 'PENDING_INACTIVATION'
  | 'INACTIVE';

export interface AgreementsTable {
  id: Generated<number>;
  supplier_organization_id: number;
  customer_organization_id: number;
  agreement_number: string;
  name: string;
  valid_from: DateOnly;
  valid_to: DateOnly;
  changed_by_customer_at: Timestamp | null;
}
export interface AgreementPricelistsTable {
  id: Generated<number>;
  agreement_id: number;
  number: string;
  valid_from: DateOnly;
}
export interface AgreementPricelistRowsTable {
  id: Generated<number>;
  agreement_pricelist_id: number;
  article_id: number;
  /** numeric(14,2), as text. */
  price: string;
  status: AgreementRowStatus;
  created_at: Timestamp;
  status_changed_at: Timestamp;
  approved_at: Timestamp | null;
}
export interface AssortmentsTable {
  id: Generated<number>;
  customer_organization_id: number;
  name: string;
}
export interface AssortmentArticlesTable {
  assortment_id: number;
  article_id: number;
}
export interface AssortmentManagersTable {
  assortment_id: number;
  user_id: number;
}

export interface DB {
  organizations: OrganizationsTable;
  users: UsersTable;
  roles: RolesTable;
  permissions: PermissionsTable;
  role_permissions: RolePermissionsTable;
  engagements: EngagementsTable;
  engagement_roles: EngagementRolesTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  password_reset_tokens: PasswordResetTokensTable;
  api_keys: ApiKeysTable;
  articles: ArticlesTable;
  general_pricelists: GeneralPricelistsTable;
  pricelists: PricelistsTable;
  pricelist_rows: PricelistRowsTable;
  imports: ImportsTable;
  import_files: ImportFilesTable;
  import_file_pieces: ImportFilePiecesTable;
  column_mappings: ColumnMappingsTable;
  import_corrections: ImportCorrectionsTable;
  import_correction_drafts: ImportCorrectionDraftsTable;
  import_attempts: ImportAttemptsTable;
  legacy_import_statuses: LegacyImportStatusesTable;
  dynamic_texts: DynamicTextsTable;
  agreements: AgreementsTable;
  agreement_pricelists: AgreementPricelistsTable;
  agreement_pricelist_rows: AgreementPricelistRowsTable;
  assortments: AssortmentsTable;
  assortment_articles: AssortmentArticlesTable;
  assortment_managers: AssortmentManagersTable;
  import_details: ImportDetailsTable;
  import_undo_rows: ImportUndoRowsTable;
  import_undo_added: ImportUndoAddedTable;
  import_list_versions: ImportListVersionsTable;
  idempotency_keys: IdempotencyKeysTable;
  import_queue_turns: ImportQueueTurnsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_delivery_turns: WebhookDeliveryTurnsTable;
  pricelist_change_head: PricelistChangeHeadTable;
  pricelist_changes: PricelistChangesTable;
}

/** 021: an organisation's webhook endpoints (docs/api-webhooks.md). */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  organization_id: number;
  url: string;
  events: string[];
  secret_encrypted: string;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  disabled_reason: 'USER' | 'FAILURES' | null;
  disabled_at: Timestamp | null;
  created_by: number | null;
  created_at: Timestamp;
  failing_since: Timestamp | null;
}

/** 021: the outbox, written with the change each event reports. */
export interface WebhookEventsTable {
  id: string;
  organization_id: number;
  type: string;
  payload: ColumnType<unknown, string, string>;
  created_at: Timestamp;
}

/** 021: one event to one endpoint, tried until delivered or 24 hours have passed. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  event_id: string;
  endpoint_id: number;
  status: ColumnType<'PENDING' | 'DELIVERED' | 'FAILED', 'PENDING' | 'DELIVERED' | 'FAILED' | undefined>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  lease_owner: string | null;
  lease_expires_at: Timestamp | null;
  first_attempt_at: Timestamp | null;
  last_attempt_at: Timestamp | null;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: Timestamp | null;
  created_at: Timestamp;
}

/** 024: when each organisation last had a webhook delivery claimed, so that organisations take turns. */
export interface WebhookDeliveryTurnsTable {
  organization_id: number;
  claimed_at: Timestamp;
}

/** 016: when each organisation last had a job claimed, so that organisations take turns. */
export interface ImportQueueTurnsTable {
  organization_id: number;
  claimed_at: Timestamp;
}

/** 003 (005: json): an import's changes and validation errors, in chunks (a JSON array each). */
export interface ImportDetailsTable {
  import_id: number;
  kind: 'added' | 'updated' | 'removed' | 'error';
  chunk: number;
  items: ColumnType<unknown[], string, string>;
}

/** 013: the first answer to a request sent with an Idempotency-Key, per user, for 24 hours. */
export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  fingerprint: string;
  created_at: Timestamp;
  claim: string;
  status_code: number | null;
  response_body: string | null;
}

/** 006: changes whenever anything an organisation's import lists show changes (kept by triggers). */
export interface ImportListVersionsTable {
  organization_id: number;
  /** bigint, as text. */
  version: string;
}

/** 025: the change feed's counter: the newest position handed out (one row). */
export interface PricelistChangeHeadTable {
  singleton: ColumnType<boolean, boolean | undefined, never>;
  position: number;
}

/** 025: one entry of the change feed per applied import and per undo, in commit order. */
export interface PricelistChangesTable {
  position: ColumnType<number, number, never>;
  kind: 'IMPORT_APPLIED' | 'IMPORT_UNDONE';
  import_id: number;
  organization_id: number;
  general_pricelist_id: number;
  pricelist_id: number;
  changed_at: Timestamp;
  changed_by: number | null;
  added: number;
  updated: number;
  removed: number;
  largest_price_changes: ColumnType<LargestPriceChange[] | null, string | null, never>;
}

export interface LargestPriceChange {
  articleNumber: string;
  before: string;
  after: string;
}
