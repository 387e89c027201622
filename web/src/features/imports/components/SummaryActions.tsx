import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useNavigate } from 'react-router';
import type { Import } from '../../../../../contract/imports';
import { sv } from '../../../ui/text/sv';
import { useConfirmImportMutation } from '../api';
import { errorMessageOf } from '../errorMessage';
import { summaryShowsConfirm, summaryShowsDelete, summaryShowsReplace } from '../importRules';
import type { UploadFile } from '../upload';
import { DeleteImportDialog } from './DeleteImportDialog';
import { ImportFileDialog } from './ImportFileDialog';

interface SummaryActionsProps {
  organizationId: number;
  item: Import;
  onReplaced: () => void;
  upload?: UploadFile;
}

/** "Läs in", "Läs in ny fil" and "Radera" by status (docs/product.md, "Imports: types, statuses, flow", "Import flow"). */
export function SummaryActions({ organizationId, item, onReplaced, upload }: SummaryActionsProps) {
  const navigate = useNavigate();
  const [confirmImport, { isLoading: isConfirming }] = useConfirmImportMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const ref = { organizationId, importId: item.id };

  const showsConfirm = summaryShowsConfirm(item.status);
  const showsReplace = summaryShowsReplace(item.status);
  const showsDelete = summaryShowsDelete(item.status);
  if (!showsConfirm && !showsReplace && !showsDelete) return null;

  return (
    <>
      <div className="button-row summary-actions">
        {showsConfirm && (
          <Button
            className="button"
            isDisabled={isConfirming}
            onPress={async () => {
              setFailure(null);
              const result = await confirmImport(ref);
              if ('error' in result) setFailure(errorMessageOf(result.error));
              else navigate('/import');
            }}
          >
            {sv.imports.confirm}
          </Button>
        )}
        {showsReplace && (
          <ImportFileDialog
            organizationId={organizationId}
            replacing={item}
            onUploaded={onReplaced}
            {...(upload ? { upload } : {})}
          />
        )}
        {showsDelete && (
          // Apart from "Läs in", so the destructive action is not hit in passing.
          <div className="summary-actions__delete">
            <DeleteImportDialog
              organizationId={organizationId}
              item={item}
              onDeleted={() => navigate('/import')}
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
