import { useEffect, useRef } from 'react';
import { Label, ProgressBar } from 'react-aria-components';
import { importTexts } from '../../texts';

/**
 * Shown while the file is on its way (docs/product.md, "Imports: types, statuses, flow", point 6). It takes the focus, because the
 * form's buttons are gone until the upload ends and the dialog cannot be left meanwhile.
 */
export function UploadProgress({ percent }: { percent: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="upload-progress">
      <ProgressBar value={percent} className="upload-progress__bar">
        {({ percentage, valueText }) => (
          <>
            <div className="upload-progress__labels">
              <Label>{importTexts.dialog.progressLabel}</Label>
              <span>{valueText}</span>
            </div>
            <div className="upload-progress__track">
              <div className="upload-progress__fill" style={{ width: `${percentage ?? 0}%` }} />
            </div>
          </>
        )}
      </ProgressBar>
      <p role="status">{importTexts.uploadWait}</p>
    </div>
  );
}
