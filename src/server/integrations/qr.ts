import { createRequire } from 'node:module';
import { renderAsync, Resvg, type ResvgRenderOptions } from '@resvg/resvg-js';
import QRCode from 'qrcode';

/** The dark modules of a QR code, row by row. */
export interface QrMatrix {
  size: number;
  isDark(row: number, column: number): boolean;
}

/** Medium error correction: survives a scratched or smudged magnet, keeps the modules large. */
export function qrMatrixOf(text: string): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, isDark: (row, column) => Boolean(modules.get(row, column)) };
}

/** Each run of dark modules in a row as [row, first column, length]; fewer shapes than one per module. */
export function darkRunsOf(matrix: QrMatrix): [number, number, number][] {
  const runs: [number, number, number][] = [];
  for (let row = 0; row < matrix.size; row++) {
    let column = 0;
    while (column < matrix.size) {
      if (!matrix.isDark(row, column)) {
        column++;
        continue;
      }
      const start = column;
      while (column < matrix.size && matrix.isDark(row, column)) column++;
      runs.push([row, start, column - start]);
    }
  }
  return runs;
}

const require = createRequire(import.meta.url);
/** Shipped with the app, so the caption looks the same whatever fonts the host has. */
export const CAPTION_FONT_FILE = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_FAMILY = 'DejaVu Sans';
const RENDER_OPTIONS: ResvgRenderOptions = {
  font: { loadSystemFonts: false, fontFiles: [CAPTION_FONT_FILE], defaultFontFamily: FONT_FAMILY },
  shapeRendering: 1, // crispEdges: module edges on whole pixels, nothing blurred for the scanner
  logLevel: 'off',
};

/** Big enough to print sharply on a magnet; the web preview scales it down. */
const MODULE_PX = 16;
/** The blank margin the QR standard asks for around the code, in modules. */
const QUIET_ZONE_MODULES = 4;
const CAPTION_FONT_PX = 2.6 * MODULE_PX;
const CAPTION_LINE_HEIGHT = 1.3;
/** Past this many characters a caption goes on two lines rather than shrinking to one. */
const ONE_LINE_MAX_CHARS = 30;

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!);

/** Splits a long caption at the space nearest its middle, or in the middle of one long word. */
function captionLines(caption: string): string[] {
  if (!caption) return [];
  const characters = [...caption];
  if (characters.length <= ONE_LINE_MAX_CHARS) return [caption];
  const middle = Math.floor(characters.length / 2);
  let best = -1;
  characters.forEach((character, index) => {
    if (character === ' ' && (best === -1 || Math.abs(index - middle) < Math.abs(best - middle))) best = index;
  });
  if (best === -1) return [characters.slice(0, middle).join(''), characters.slice(middle).join('')];
  return [characters.slice(0, best).join('').trimEnd(), characters.slice(best + 1).join('').trimStart()];
}

function textElements(lines: string[], x: number, firstBaseline: number, fontPx: number, anchor: 'start' | 'middle') {
  return lines
    .map((line, index) => {
      const y = firstBaseline + index * fontPx * CAPTION_LINE_HEIGHT;
      return `<text x="${x}" y="${y.toFixed(2)}" text-anchor="${anchor}" font-family="${FONT_FAMILY}" font-size="${fontPx.toFixed(2)}" fill="#111111">${escapeXml(line)}</text>`;
    })
    .join('');
}

/** The widest line as the real font draws it, so a caption of wide letters still fits. */
function widestLinePx(lines: string[], fontPx: number): number {
  const probe = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="400">${textElements(lines, 0, fontPx, fontPx, 'start')}</svg>`;
  return new Resvg(probe, RENDER_OPTIONS).getBBox()?.width ?? 0;
}

/** A PNG of the QR code for `text` with `caption` (may be empty) centred below it. */
export async function renderQrPng(text: string, caption: string): Promise<Buffer> {
  const matrix = qrMatrixOf(text);
  const quietPx = QUIET_ZONE_MODULES * MODULE_PX;
  const side = matrix.size * MODULE_PX + 2 * quietPx;
  const modules = darkRunsOf(matrix)
    .map(([row, column, length]) => `M${column} ${row}h${length}v1h-${length}z`)
    .join('');

  const lines = captionLines(caption);
  const usableWidth = side - 2 * MODULE_PX * 2;
  const widest = lines.length ? widestLinePx(lines, CAPTION_FONT_PX) : 0;
  const fontPx = widest > usableWidth ? (CAPTION_FONT_PX * usableWidth) / widest : CAPTION_FONT_PX;
  const captionHeight = lines.length ? Math.ceil(lines.length * fontPx * CAPTION_LINE_HEIGHT + quietPx / 2) : 0;
  const height = side + captionHeight;
  // Below the whole quiet zone: text inside it makes phones slower to find the code.
  const firstBaseline = side + fontPx * 0.9;

  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${height}" viewBox="0 0 ${side} ${height}">` +
    `<rect width="${side}" height="${height}" fill="#ffffff"/>` +
    `<path transform="translate(${quietPx} ${quietPx}) scale(${MODULE_PX})" fill="#000000" d="${modules}"/>` +
    textElements(lines, side / 2, firstBaseline, fontPx, 'middle') +
    `</svg>`;
  const image = await renderAsync(svg, RENDER_OPTIONS);
  return image.asPng();
}
