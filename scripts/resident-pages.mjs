// The physical memory a group of processes holds, each page counted once. Summing VmRSS counts a
// page that several of them map (the node binary, which npm and the server both run, shared
// libraries) once per process; the kernel keeps it once. Linux only, and only for a reader allowed
// to see page frame numbers (root): anyone else reads them as zero, and the answer is null.
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';

const PAGE_KB = 4;
const ENTRY_BYTES = 8;

/** The address ranges of `pid` that hold any resident page, from /proc/<pid>/smaps. */
function residentRanges(pid) {
  const ranges = [];
  let range = null;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const header = line.match(/^([0-9a-f]+)-([0-9a-f]+) /);
    if (header) {
      range = { start: parseInt(header[1], 16), end: parseInt(header[2], 16) };
      continue;
    }
    const rss = line.match(/^Rss:\s+(\d+) kB/);
    if (rss && range && Number(rss[1]) > 0) ranges.push(range);
  }
  return ranges;
}

/** Adds the frame number of every present page of `pid` to `frames`; false when the kernel hides them. */
function addFrames(pid, frames) {
  const fd = openSync(`/proc/${pid}/pagemap`, 'r');
  let sawPresentPage = false;
  let sawFrame = false;
  try {
    for (const { start, end } of residentRanges(pid)) {
      const pages = (end - start) / (PAGE_KB * 1024);
      const entries = Buffer.alloc(pages * ENTRY_BYTES);
      readSync(fd, entries, 0, entries.length, (start / (PAGE_KB * 1024)) * ENTRY_BYTES);
      for (let offset = 0; offset < entries.length; offset += ENTRY_BYTES) {
        const high = entries.readUInt32LE(offset + 4);
        if (!(high & 0x80000000)) continue; // not present (swapped or never touched)
        sawPresentPage = true;
        // Bits 0 to 54 are the frame number.
        const frame = (high & 0x7fffff) * 2 ** 32 + entries.readUInt32LE(offset);
        if (frame !== 0) sawFrame = true;
        frames.add(frame);
      }
    }
  } finally {
    closeSync(fd);
  }
  return !sawPresentPage || sawFrame;
}

/** KB of physical memory the processes hold together, each page once; null if it cannot be read. */
export function uniqueResidentKb(pids) {
  const frames = new Set();
  for (const pid of pids) {
    try {
      if (!addFrames(pid, frames)) return null;
    } catch (error) {
      // A process that ended while being read holds nothing any more.
      if (error.code === 'ENOENT' || error.code === 'ESRCH') continue;
      if (error.code === 'EACCES' || error.code === 'EPERM') return null;
      throw error;
    }
  }
  return frames.size * PAGE_KB;
}
