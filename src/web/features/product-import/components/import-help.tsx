import { IMPORT_MAX_ROWS } from '../../../../shared/product-import.schemas.js';
import { PRODUCT_CATEGORIES } from '../../../../shared/catalog.js';

/** The file's rules, as the template's Instructions sheet states them. */
export function ImportHelp() {
  return (
    <details className="rounded-lg border border-border p-3 text-sm">
      <summary className="cursor-pointer font-medium">What the file needs</summary>
      <ul className="mt-2 grid list-disc gap-1 pl-5 text-muted-foreground">
        <li>A first row naming the columns Name, Brand and Category (required) and Price and Description (optional), in any capitalisation.</li>
        <li>Category is one of: {PRODUCT_CATEGORIES.join(', ')}.</li>
        <li>Price is an amount such as 1.99; an empty price means 0.00. Description may be empty.</li>
        <li>Empty rows are skipped; row numbers are the spreadsheet's (the column names are row 1).</li>
        <li>At most {IMPORT_MAX_ROWS.toLocaleString('en-US')} rows and 5 MB per file. Old Excel (.xls) files: save them as .xlsx or CSV first.</li>
      </ul>
    </details>
  );
}
