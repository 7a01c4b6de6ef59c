import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** Replaces (or appends) one `## title` section of docs/performance.md, leaving the others. */
export function updatePerformanceDoc(file, title, body) {
  const heading = `## ${title}`;
  let text = existsSync(file) ? readFileSync(file, 'utf8') : '# Performance\n\nFigures written by the benchmark scripts; each section is replaced by its script.\n';
  const start = text.indexOf(heading);
  const section = `${heading}\n\n${body.trim()}\n`;
  if (start === -1) {
    text = `${text.trimEnd()}\n\n${section}`;
  } else {
    const next = text.indexOf('\n## ', start + heading.length);
    text = `${text.slice(0, start)}${section}${next === -1 ? '' : `\n${text.slice(next + 1)}`}`;
  }
  writeFileSync(file, text);
}
