import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { useDispatch } from 'react-redux';
import { type ImportType, importTypeLabels } from '#contract/domain';
import type { Import } from '#contract/imports';
import { api } from '../../../../api/api';
import { sv } from '../../../../ui/text/sv';
import {
  useGetImportActivePricelistsQuery,
  useGetImportGeneralPricelistQuery,
} from '../../api/importListApi';
import { resourceUrls } from '../../api/resourceUrls';
import { importTexts } from '../../texts';
import type { UploadFile } from '../../upload';
import { FilePicker, fileChoiceProblem, fileContentProblem } from './FilePicker';
import { FileTypeSelect } from './FileTypeSelect';
import { type PricelistChoices, PricelistSelect } from './PricelistSelect';
import { UploadProgress } from './UploadProgress';

interface ImportFileFormProps {
  organizationId: number;
  replacing: Import | undefined;
  upload: UploadFile;
  onUploadingChange: (isUploading: boolean) => void;
  onCancel: () => void;
  onUploaded: (importObject: Import | null) => void;
}

type Phase =
  | { name: 'editing' }
  | { name: 'uploading'; percent: number }
  | { name: 'failed'; reason: string | null };

export function ImportFileForm(props: ImportFileFormProps) {
  const { organizationId, replacing, upload, onUploadingChange, onCancel, onUploaded } = props;
  const dispatch = useDispatch();
  const formRef = useRef<HTMLFormElement>(null);
  const templateHintId = useId();
  const [type, setType] = useState<ImportType | null>(replacing?.type ?? null);
  const [pricelistId, setPricelistId] = useState<number | null>(replacing?.metadata.id ?? null);
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [isSubmitted, setSubmitted] = useState(false);
  const [invalidSubmits, setInvalidSubmits] = useState(0);
  const [phase, setPhase] = useState<Phase>({ name: 'editing' });
  const { choices, generalPricelistId } = usePricelistChoices(organizationId, replacing !== undefined);

  const needsPricelist = replacing === undefined && type === 'GENERAL_PRICELIST';
  const errors = {
    type: isSubmitted && !type ? importTexts.chooseType : null,
    pricelist: isSubmitted && needsPricelist && !pricelistId ? importTexts.choosePricelist : null,
    file: fileProblem ?? (isSubmitted && !file ? importTexts.chooseFile : null),
  };

  // Whoever submits an incomplete form lands on the first field to fix.
  useEffect(() => {
    if (invalidSubmits === 0) return;
    // ".button": not the drop area's hidden button, which only screen readers and drops use.
    formRef.current
      ?.querySelector<HTMLElement>('[data-invalid] button, .field--invalid button.button')
      ?.focus();
  }, [invalidSubmits]);

  const isUploading = phase.name === 'uploading';
  // Only the latest choice counts when an earlier one is still being read.
  const latestChoice = useRef(0);
  const chooseFiles = async (files: File[]) => {
    if (files.length === 0) return;
    const choice = ++latestChoice.current;
    const [first] = files;
    const problem = fileChoiceProblem(files) ?? (first ? await fileContentProblem(first) : null);
    if (choice !== latestChoice.current) return;
    setFileProblem(problem);
    setFile(problem ? null : (first ?? null));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const complete = type && file && !fileProblem && (!needsPricelist || (pricelistId && generalPricelistId));
    if (!complete || !file) {
      setInvalidSubmits((count) => count + 1);
      return;
    }
    setPhase({ name: 'uploading', percent: 0 });
    onUploadingChange(true);
    const outcome = await upload(
      replacing
        ? { url: resourceUrls.replace(organizationId, replacing.id), file }
        : {
            url: resourceUrls.create(organizationId),
            file,
            request: {
              type: 'GENERAL_PRICELIST',
              metadata: { parent: generalPricelistId ?? 0, id: pricelistId ?? 0 },
            },
          },
      (percent) => setPhase({ name: 'uploading', percent }),
    );
    if (outcome.ok) {
      onUploaded(outcome.importObject);
      return;
    }
    onUploadingChange(false);
    setPhase({ name: 'failed', reason: outcome.reason });
    // A lost session: the profile call's 401 ends it the one usual way (web/src/api/api.ts).
    if (outcome.status === 401) dispatch(api.util.invalidateTags(['Profile']));
  }

  const templatePricelistId = replacing ? replacing.metadata.id : pricelistId;
  const templatePricelistNumber = replacing
    ? replacing.metadata.number
    : choices.state === 'loaded'
      ? choices.pricelists.find((pricelist) => pricelist.id === pricelistId)?.number
      : undefined;
  return (
    <form ref={formRef} className="import-form" noValidate onSubmit={submit}>
      {replacing ? (
        <dl className="facts">
          <dt>{importTexts.fields.fileType}</dt>
          <dd>{importTypeLabels[replacing.type]}</dd>
          <dt>{importTexts.fields.pricelistNumber}</dt>
          <dd>{replacing.metadata.number ?? '-'}</dd>
        </dl>
      ) : (
        <>
          <FileTypeSelect value={type} error={errors.type} isDisabled={isUploading} onChange={setType} />
          {type === 'GENERAL_PRICELIST' && (
            <PricelistSelect
              choices={choices}
              value={pricelistId}
              error={errors.pricelist}
              isDisabled={isUploading}
              onChange={setPricelistId}
            />
          )}
        </>
      )}
      <div className={errors.file ? 'field--invalid' : undefined}>
        <FilePicker file={file} error={errors.file} isDisabled={isUploading} onFiles={chooseFiles} />
      </div>
      <p>
        {/* Always the template of a general price list, the only type: empty until a price list is chosen. */}
        <a
          href={resourceUrls.template(organizationId, templatePricelistId)}
          download
          aria-describedby={templateHintId}
        >
          {importTexts.downloadTemplate}
        </a>{' '}
        <span id={templateHintId} className="field__hint">
          {templatePricelistNumber
            ? importTexts.fileCheck.filledTemplate(templatePricelistNumber)
            : importTexts.fileCheck.emptyTemplate}
        </span>
      </p>
      {phase.name === 'failed' && (
        <div className="banner error" role="alert">
          <p>{importTexts.uploadFailed}</p>
          {phase.reason && <p>{phase.reason}</p>}
        </div>
      )}
      {phase.name === 'uploading' ? (
        <UploadProgress percent={phase.percent} />
      ) : (
        <div className="button-row">
          <Button type="submit" className="button">
            {importTexts.dialog.upload}
          </Button>
          <Button className="button secondary" onPress={onCancel}>
            {sv.app.cancel}
          </Button>
        </div>
      )}
    </form>
  );
}

/** The active price lists of the organisation's general price list, or why they cannot be offered. */
function usePricelistChoices(
  organizationId: number,
  skip: boolean,
): { choices: PricelistChoices; generalPricelistId: number | undefined } {
  const general = useGetImportGeneralPricelistQuery(organizationId, { skip });
  const active = useGetImportActivePricelistsQuery(organizationId, { skip });
  const generalPricelistId = general.data?.id;
  // No general price list (404) means no price lists at all, not a failure to load them.
  const hasNoGeneralPricelist = general.isError && 'status' in general.error && general.error.status === 404;
  if (hasNoGeneralPricelist) return { choices: { state: 'loaded', pricelists: [] }, generalPricelistId };
  if (general.isError || active.isError) return { choices: { state: 'failed' }, generalPricelistId };
  if (!general.data || !active.data) return { choices: { state: 'loading' }, generalPricelistId };
  return { choices: { state: 'loaded', pricelists: active.data }, generalPricelistId };
}
