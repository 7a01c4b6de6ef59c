import { useQueryClient } from '@tanstack/react-query';
import { Download, Upload, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { PreviewRow } from '../../../../shared/product-import.js';
import { importBatches, summarizePreview } from '../../../../shared/product-import.js';
import { ImportMessages, type ExistingProductAction } from '../../../../shared/product-import.schemas.js';
import { PageTitle } from '../../../components/page-title.js';
import { Alert, AlertTitle } from '../../../components/ui/alert.js';
import { Button, buttonClasses } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { toast } from '../../../components/ui/use-toast.js';
import { paths } from '../../../lib/paths.js';
import { productsQuery } from '../../products/api.js';
import { downloadImportTemplate, useRunImport, type ImportProgress } from '../api.js';
import { ExistingChoice } from '../components/existing-choice.js';
import { FileDropZone } from '../components/file-drop-zone.js';
import { ImportHelp } from '../components/import-help.js';
import { ImportProgressBar } from '../components/import-progress.js';
import { PreviewTable } from '../components/preview-table.js';
import { ParseFailure, parseImportFile } from '../parse-file.js';

type Stage =
  | { kind: 'idle' }
  | { kind: 'parsing'; fileName: string }
  | { kind: 'preview'; fileName: string; rows: PreviewRow[] }
  | { kind: 'importing'; fileName: string; rows: PreviewRow[]; progress: ImportProgress }
  | { kind: 'complete'; fileName: string; progress: ImportProgress };

/** /product-import (spec extended 2): products from a CSV or Excel file, checked before they are sent. */
export function ProductImportPage() {
  const queryClient = useQueryClient();
  const runImport = useRunImport();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [fileError, setFileError] = useState<{ title: string; message: string } | null>(null);
  const [existing, setExisting] = useState<ExistingProductAction>('skip');
  const [downloading, setDownloading] = useState(false);
  const parsing = useRef<AbortController | null>(null);

  const readFile = async (file: File) => {
    parsing.current?.abort();
    const controller = new AbortController();
    parsing.current = controller;
    setFileError(null);
    setStage({ kind: 'parsing', fileName: file.name });
    try {
      // Marks rows already in the catalogue; the server decides again when they arrive.
      const catalogue = await queryClient.fetchQuery(productsQuery).catch(() => []);
      const rows = await parseImportFile(file, catalogue.map(({ name, brand }) => ({ name, brand })), controller.signal);
      const summary = summarizePreview(rows);
      setStage({ kind: 'preview', fileName: file.name, rows });
      toast({ title: 'File Parsed', description: ImportMessages.found(summary.rows, summary.valid) });
    } catch (error) {
      if (controller.signal.aborted) return;
      const failure = error instanceof ParseFailure ? error : new ParseFailure(ImportMessages.uploadErrorTitle, ImportMessages.uploadErrorFallback);
      setFileError({ title: failure.title, message: failure.message });
      setStage({ kind: 'idle' });
      toast({ title: failure.title, description: failure.message, variant: 'destructive' });
    }
  };

  const clear = () => {
    parsing.current?.abort();
    setFileError(null);
    setStage({ kind: 'idle' });
  };

  const startImport = async () => {
    if (stage.kind !== 'preview') return;
    const batches = importBatches(stage.rows);
    if (batches.length === 0) {
      toast({ title: ImportMessages.noValidTitle, description: ImportMessages.noValid, variant: 'destructive' });
      return;
    }
    const { fileName, rows } = stage;
    const progress = await runImport(batches, existing, (next) => setStage({ kind: 'importing', fileName, rows, progress: next }));
    setStage({ kind: 'complete', fileName, progress });
    toast({
      title: progress.failed > 0 ? 'Import Finished With Errors' : 'Import Complete',
      description: ImportMessages.imported(progress.created + progress.updated, progress.failed),
      variant: progress.failed > 0 ? 'destructive' : 'default',
    });
  };

  const downloadTemplate = async () => {
    setDownloading(true);
    try {
      await downloadImportTemplate();
      toast({ title: 'Template Downloaded', description: 'Excel template with dropdown validation downloaded successfully.' });
    } catch {
      toast({ title: 'Download Failed', description: 'Failed to download template.', variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="mx-auto grid max-w-6xl min-w-0 gap-6">
      <PageTitle title="Product Import" />
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-3xl font-bold tracking-tight">Bulk Product Import</h1>
          <p className="text-muted-foreground">Add many products at once from a CSV or Excel file.</p>
        </div>
        <Button variant="outline" onClick={() => void downloadTemplate()} loading={downloading}>
          {downloading ? null : <Download className="size-4" aria-hidden="true" />}
          Download Template
        </Button>
      </header>

      <Card className="grid min-w-0 gap-4 p-4 sm:p-6">
        <h2 className="text-xl font-semibold">1. Choose a file</h2>
        <ImportHelp />
        {stage.kind === 'idle' || stage.kind === 'parsing' ? (
          <>
            <FileDropZone onFile={(file) => void readFile(file)} disabled={stage.kind === 'parsing'} />
            {stage.kind === 'parsing' ? (
              <p role="status" className="text-sm text-muted-foreground">
                Reading {stage.fileName}…
              </p>
            ) : null}
            {fileError ? (
              <Alert variant="destructive">
                <AlertTitle>{fileError.title}</AlertTitle>
                <p>{fileError.message}</p>
              </Alert>
            ) : null}
          </>
        ) : (
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <span className="min-w-0 font-medium break-all">{stage.fileName}</span>
            {stage.kind !== 'importing' ? (
              <Button variant="outline" size="sm" onClick={clear}>
                <X className="size-4" aria-hidden="true" />
                {stage.kind === 'complete' ? 'Import another file' : 'Clear'}
              </Button>
            ) : null}
          </div>
        )}
      </Card>

      {stage.kind === 'preview' || stage.kind === 'importing' ? (
        <PreviewSection stage={stage} existing={existing} onExistingChange={setExisting} onImport={() => void startImport()} />
      ) : null}

      {stage.kind === 'complete' ? <CompleteSection progress={stage.progress} /> : null}
    </div>
  );
}

function PreviewSection({
  stage,
  existing,
  onExistingChange,
  onImport,
}: {
  stage: Extract<Stage, { kind: 'preview' | 'importing' }>;
  existing: ExistingProductAction;
  onExistingChange: (value: ExistingProductAction) => void;
  onImport: () => void;
}) {
  const summary = summarizePreview(stage.rows);
  const importing = stage.kind === 'importing';
  return (
    <Card className="grid min-w-0 gap-4 p-4 sm:p-6" aria-busy={importing}>
      <h2 className="text-xl font-semibold">2. Check and import</h2>
      <p role="status" className="font-medium">
        {ImportMessages.found(summary.rows, summary.valid)}
        {summary.invalid > 0 ? ` ${summary.invalid.toLocaleString('en-US')} invalid rows will not be imported.` : ''}
      </p>
      {summary.rows === 0 ? <p className="text-sm text-muted-foreground">The file has column names but no product rows.</p> : null}
      {summary.existing > 0 ? <ExistingChoice count={summary.existing} value={existing} onChange={onExistingChange} disabled={importing} /> : null}
      {importing ? <ImportProgressBar progress={stage.progress} /> : null}
      <div className="flex flex-wrap gap-3">
        <Button onClick={onImport} loading={importing}>
          {importing ? null : <Upload className="size-4" aria-hidden="true" />}
          {importing ? 'Importing…' : `Import ${summary.valid.toLocaleString('en-US')} valid products`}
        </Button>
      </div>
      {summary.rows > 0 ? <PreviewTable rows={stage.rows} /> : null}
    </Card>
  );
}

function CompleteSection({ progress }: { progress: ImportProgress }) {
  return (
    <Alert variant={progress.failed > 0 ? 'destructive' : 'success'}>
      <AlertTitle>{ImportMessages.imported(progress.created + progress.updated, progress.failed)}</AlertTitle>
      <p>
        {progress.created.toLocaleString('en-US')} new, {progress.updated.toLocaleString('en-US')} updated, {progress.skipped.toLocaleString('en-US')} skipped
        (already in your catalogue).
        {progress.failed > 0 && progress.firstError ? ` The server said: ${progress.firstError}` : ''}
      </p>
      <Link to={paths.products} className={buttonClasses({ variant: 'link', className: 'w-fit' })}>
        View your products
      </Link>
    </Alert>
  );
}
