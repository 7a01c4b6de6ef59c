import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * Replaces (or appends) one `## title` section of docs/performance.md, leaving the others. Only a
 * line that is exactly the heading counts: a section's text may name another section, and one
 * title may begin another ('Memory of npm start' and 'Memory of npm start, before and after …').
 */
export function updatePerformanceDoc(file, title, body) {
  const heading = `## ${title}`;
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '# Performance\n\nFigures written by the benchmark scripts; each section is replaced by its script.\n';
  const lines = text.split('\n');
  const start = lines.indexOf(heading);
  const section = `${heading}\n\n${body.trim()}\n`;
  if (start === -1) {
    writeFileSync(file, `${text.trimEnd()}\n\n${section}`);
    return;
  }
  const next = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  const before = lines.slice(0, start).join('\n');
  const after = next === -1 ? '' : `\n${lines.slice(next).join('\n')}`;
  writeFileSync(file, `${before}${before ? '\n' : ''}${section}${after}`);
}
