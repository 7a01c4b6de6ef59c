import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Machine } from '../../../../shared/machines.schemas.js';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard.js';
import { Alert } from '../../../components/ui/alert.js';
import { LoadError } from '../../../components/ui/load-error.js';
import { Skeleton } from '../../../components/ui/skeleton.js';
import { formatDateTime } from '../../../lib/dates.js';
import { productsQuery } from '../../products/api.js';
import { usePlanogram } from '../api.js';
import { CopyPlanogram } from './copy-planogram.js';
import { CsvRefusalAlert, ImportPlanogramCsv, type CsvRefusal } from './import-planogram-csv.js';
import { PlanogramEmpty } from './planogram-empty.js';
import { PlanogramGrid } from './planogram-grid.js';
import { PlanogramHistory } from './planogram-history.js';
import { GridActions, GridHelp } from './planogram-toolbar.js';
import { usePlanogramEditor } from './use-planogram-editor.js';
import { useSaveShortcut } from './use-save-shortcut.js';

const BUSY_HINT_ID = 'planogram-unsaved-hint';

/** A machine's planogram: the grid, its actions, its history. */
export function PlanogramSection({ machine, others }: { machine: Machine; others: readonly Machine[] }) {
  const planogram = usePlanogram(machine.id);
  const products = useQuery(productsQuery);
  const editor = usePlanogramEditor(machine.id, planogram.data, products.data ?? []);
  const [refusal, setRefusal] = useState<CsvRefusal | null>(null);

  useSaveShortcut(editor.dirty && !editor.saving, editor.save);

  const replacing = (
    <>
      <CopyPlanogram
        machine={machine}
        others={others}
        disabled={editor.dirty}
        describedBy={editor.dirty ? BUSY_HINT_ID : undefined}
        onCopied={editor.replace}
      />
      <ImportPlanogramCsv
        machineId={machine.id}
        disabled={editor.dirty}
        describedBy={editor.dirty ? BUSY_HINT_ID : undefined}
        onImported={editor.replace}
        onRefused={setRefusal}
      />
    </>
  );

  return (
    <section aria-labelledby="planogram-heading" className="grid min-w-0 gap-4">
      <div className="grid gap-1">
        <h2 id="planogram-heading" className="text-xl font-semibold">
          Planogram
        </h2>
        <p className="text-sm text-muted-foreground">
          Which product sits in each slot, how many it holds (capacity) and how many a visit fills it to (par).
          {planogram.data?.updatedAt ? ` Last changed ${formatDateTime(planogram.data.updatedAt)}.` : ''}
        </p>
      </div>

      {planogram.isPending || products.isPending ? (
        <div role="status" aria-label="Loading the planogram" className="grid gap-2">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-10 w-full" />
          ))}
        </div>
      ) : planogram.isError || products.isError ? (
        <LoadError
          what={planogram.isError ? 'the planogram' : 'your products'}
          error={planogram.error ?? products.error}
          onRetry={() => void (planogram.isError ? planogram.refetch() : products.refetch())}
          retrying={planogram.isFetching || products.isFetching}
        />
      ) : (
        <>
          {refusal ? <CsvRefusalAlert refusal={refusal} onDismiss={() => setRefusal(null)} /> : null}
          {editor.rows.length === 0 ? (
            <PlanogramEmpty onAddFirst={editor.addRow} onPaste={editor.pasteIntoEmpty}>
              {replacing}
            </PlanogramEmpty>
          ) : (
            <>
              <GridActions editor={editor} machineId={machine.id} busyHintId={BUSY_HINT_ID}>
                {replacing}
              </GridActions>
              {editor.general.map((message) => (
                <Alert key={message} variant="destructive">
                  <p>{message}</p>
                </Alert>
              ))}
              <PlanogramGrid
                label={`Planogram of ${machine.name}`}
                rows={editor.rows}
                setRows={editor.setRows}
                products={products.data}
                errors={editor.errors}
                gridRef={editor.gridRef}
                nav={editor.nav}
              />
              <GridHelp />
            </>
          )}
        </>
      )}
      <PlanogramHistory machineId={machine.id} />
      <UnsavedChangesGuard dirty={editor.dirty} what="your changes to the planogram" />
    </section>
  );
}
