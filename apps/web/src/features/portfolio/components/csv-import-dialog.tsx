import { useId, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { toast } from '@/components/ui/toaster';
import type { CsvPreview } from '@bist/contracts';
import { CSV_COLUMNS } from '@bist/contracts/values';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { useImportCsv } from '@/features/portfolio/api/import-csv';
import { usePreviewCsvImport } from '@/features/portfolio/api/preview-csv-import';
import '@/features/portfolio/i18n';

/** CSV import: choose a file, see every bad row with its line and reason, then save all rows or none. */
export function CsvImportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('portfolio');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={t('common.close')}
        className="max-h-[calc(100dvh-2rem)] max-w-2xl overflow-y-auto"
      >
        {open ? <CsvImportForm onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CsvImportForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('portfolio');
  const id = useId();
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [replace, setReplace] = useState(false);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const previewMutation = usePreviewCsvImport();
  const importMutation = useImportCsv();

  const runPreview = (text: string, replaceAll: boolean) => {
    setError(null);
    setPreview(null);
    previewMutation.mutate(
      { csv: text, replace: replaceAll },
      {
        onSuccess: setPreview,
        onError: (e) => setError(isApiError(e) ? e.displayMessage : t('common.failed')),
      },
    );
  };

  const badRows = preview?.rows.filter((row) => !row.ok) ?? [];
  return (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{t('csv.importTitle')}</DialogTitle>
        <DialogDescription>{t('csv.importText', { columns: CSV_COLUMNS.join(', ') })}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-file`}>{t('csv.file')}</Label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-card file:px-3 file:py-1.5 file:text-sm file:font-medium"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (!file) return;
            setFileName(file.name);
            void file.text().then((text) => {
              setCsv(text);
              runPreview(text, replace);
            });
          }}
        />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={replace}
          onChange={(event) => {
            setReplace(event.target.checked);
            if (csv) runPreview(csv, event.target.checked);
          }}
        />
        {t('csv.replace')}
      </label>
      {previewMutation.isPending ? <Spinner label={t('csv.checking')} /> : null}
      {error ? (
        <p role="alert" className="text-sm text-down">
          {error}
        </p>
      ) : null}
      {preview ? (
        <div className="grid gap-2 text-sm" data-testid="csv-preview">
          <p className="tabular-nums">
            {t('csv.summary', {
              file: fileName,
              total: preview.total_rows,
              valid: preview.valid_rows,
              invalid: preview.invalid_rows,
            })}
          </p>
          {preview.file_errors.map((message) => (
            <p key={message} role="alert" className="text-down">
              {message}
            </p>
          ))}
          {preview.ledger_error ? (
            <p role="alert" className="text-down">
              {preview.ledger_error.line !== null ? t('csv.line', { line: preview.ledger_error.line }) : null}
              {preview.ledger_error.message}
            </p>
          ) : null}
          {badRows.length > 0 ? (
            <ul className="max-h-60 overflow-auto rounded-md border p-2" aria-label={t('csv.badRows')}>
              {badRows.map((row) => (
                <li key={row.line} className="py-1" data-testid="csv-bad-row">
                  <span className="font-semibold tabular-nums">{t('csv.line', { line: row.line })}</span>
                  {row.errors.map((issue) => `${issue.field}: ${issue.message}`).join('; ')}
                </li>
              ))}
            </ul>
          ) : null}
          {preview.can_import ? (
            <p className="text-up">{t('csv.ready', { count: preview.valid_rows })}</p>
          ) : null}
        </div>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button
          type="button"
          disabled={!preview?.can_import || !csv || importMutation.isPending}
          onClick={() => {
            if (!csv) return;
            importMutation.mutate(
              { csv, replace },
              {
                onSuccess: (result) => {
                  toast.success(t('csv.imported', { count: result.imported }));
                  onDone();
                },
                onError: (e) => setError(isApiError(e) ? e.displayMessage : t('common.failed')),
              },
            );
          }}
        >
          {importMutation.isPending ? <Spinner className="size-4 text-current" /> : null}
          {t('csv.save')}
        </Button>
      </DialogFooter>
    </div>
  );
}
