import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useNavigate } from 'react-router';
import type { Import, ImportRisk } from '#contract/imports';
import { ConfirmDialog } from '../../../../ui/ConfirmDialog';
import { FocusedMessage } from '../../../../ui/FocusedMessage';
import { sv } from '../../../../ui/text/sv';
import { UndoImportDialog } from '../../../../ui/UndoImportDialog';
import { pricelistPath } from '../../../../ui/v1Paths';
import { useConfirmImportMutation } from '../../api/summaryApi';
import { errorMessageOf } from '../../errorMessage';
import { summaryShowsConfirm, summaryShowsDelete, summaryShowsReplace } from '../../importRules';
import { importTexts } from '../../texts';
import type { UploadFile } from '../../upload';
import { DeleteImportDialog } from '../list/DeleteImportDialog';
import type { ConfirmedNotice } from '../list/ImportListPage';
import { ImportFileDialog } from '../upload/ImportFileDialog';
import { RiskWarnings } from './RiskWarnings';

interface SummaryActionsProps {
  organizationId: number;
  item: Import;
  /** The risks of the validation, when the summary has them: "Läs in" asks first. */
  risk?: ImportRisk | undefined;
  /** The summary is not there yet (a new validation's is loading): "Läs in" waits for it. */
  awaitsSummary?: boolean;
  /** A new file was uploaded: the server's answer, the import pending again (null if unreadable). */
  onReplaced: (importObject: Import | null) => void;
  upload?: UploadFile;
}

/**
 * "Läs in", "Läs in ny fil" and "Radera" by status (docs/product.md, "Imports: types, statuses, flow"),
 * and "Ångra inläsning" on a price list's latest applied import.
 */
export function SummaryActions({
  organizationId,
  item,
  risk,
  awaitsSummary = false,
  onReplaced,
  upload,
}: SummaryActionsProps) {
  const navigate = useNavigate();
  const [confirmImport, { isLoading: isConfirming }] = useConfirmImportMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [undoneNote, setUndoneNote] = useState<string | null>(null);
  const ref = { organizationId, importId: item.id };

  const confirm = async (acknowledgedRiskId?: string) => {
    setFailure(null);
    const result = await confirmImport({ ...ref, ...(acknowledgedRiskId && { acknowledgedRiskId }) });
    if ('error' in result) setFailure(errorMessageOf(result.error));
    else {
      const { parent, id, number } = item.metadata;
      const confirmed: ConfirmedNotice = {
        fileName: item.fileName,
        pricelistNumber: number ?? String(id),
        pricelistPath: pricelistPath(organizationId, parent, id),
      };
      navigate('/import', { state: { confirmed } });
    }
  };

  const showsConfirm = summaryShowsConfirm(item.status) && !awaitsSummary;
  const showsReplace = summaryShowsReplace(item.status);
  const showsDelete = summaryShowsDelete(item.status);
  const showsUndo = item.undoable === true;
  if (undoneNote) return <FocusedMessage>{undoneNote}</FocusedMessage>;
  if (!showsConfirm && !showsReplace && !showsDelete && !showsUndo) return null;

  return (
    <>
      <div className="button-row summary-actions">
        {showsConfirm && (risk?.warnings.length ?? 0) === 0 && (
          <Button className="button" isDisabled={isConfirming} onPress={() => confirm()}>
            {importTexts.confirm}
          </Button>
        )}
        {showsConfirm && risk && risk.warnings.length > 0 && (
          <RiskyConfirmDialog risk={risk} isConfirming={isConfirming} onConfirm={() => confirm(risk.id)} />
        )}
        {showsReplace && (
          <ImportFileDialog
            organizationId={organizationId}
            replacing={item}
            onUploaded={onReplaced}
            {...(upload ? { upload } : {})}
          />
        )}
        {showsUndo && (
          <UndoImportDialog
            organizationId={organizationId}
            item={item}
            onUndone={() =>
              setUndoneNote(importTexts.undo.done(item.metadata.number ?? String(item.metadata.id)))
            }
          />
        )}
        {showsDelete && (
          // Apart from "Läs in", so the destructive action is not hit in passing.
          <div className="summary-actions__delete">
            <DeleteImportDialog
              organizationId={organizationId}
              item={item}
              onDeleted={(note) => navigate('/import', { state: { deleted: note } })}
            />
          </div>
        )}
      </div>
      {failure && (
        <p className="banner error" role="alert">
          {failure}
        </p>
      )}
    </>
  );
}

interface RiskyConfirmDialogProps {
  risk: ImportRisk;
  isConfirming: boolean;
  onConfirm: () => Promise<void>;
}

/**
 * "Läs in" of a risky import: a dialog lists the risks (how much, which articles, why, and that
 * it can be undone) and asks for an explicit choice ("Ja, läs in ändå" / "Avbryt").
 */
function RiskyConfirmDialog({ risk, isConfirming, onConfirm }: RiskyConfirmDialogProps) {
  const texts = importTexts.risk;
  return (
    <ConfirmDialog
      trigger={{ label: importTexts.confirm, className: 'button', isDisabled: isConfirming }}
      heading={texts.dialogHeading}
      cancelLabel={sv.app.cancel}
      confirmLabel={texts.yes}
      isBusy={isConfirming}
      onConfirm={async () => {
        // A failure is shown below the buttons, as for a plain "Läs in".
        await onConfirm();
        return null;
      }}
    >
      {/* Not "stora ändringar": one removed row asks too, and the warnings say how much. */}
      <p>{importTexts.riskGuard.dialogIntro}</p>
      <RiskWarnings risk={risk} />
      <p>{texts.dialogQuestion}</p>
    </ConfirmDialog>
  );
}
