import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import { PNG } from 'pngjs';

/**
 * Small real files for upload tests, made here rather than shipped: each is a valid file of its
 * kind as far as a content sniffer reads it.
 */
export function pngBytes(width = 4, height = 3): Buffer {
  const png = new PNG({ width, height });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([i % 255, 80, 160, 255], i);
  return PNG.sync.write(png);
}

export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** An MP4 as far as its first box goes: 'ftyp' with the isom brand, then an empty media box. */
export const MP4_BYTES = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isommp41'),
  Buffer.from([0, 0, 0, 8]),
  Buffer.from('mdat'),
]);

/** A Word package: the content-types entry naming a word document, and the document part. */
export function docxBytes(): Buffer {
  const types = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
  return Buffer.from(zipSync({ '[Content_Types].xml': strToU8(types), 'word/document.xml': strToU8('<w:document/>') }));
}

export async function xlsxBytes(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Prices').addRow(['Snack', 1.5]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const SVG_BYTES = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
export const HTML_BYTES = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
