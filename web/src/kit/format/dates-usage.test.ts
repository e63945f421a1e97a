/** Screens show dates only through kit/format/dates.ts: no date is formatted anywhere else in the app. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const WEB_SOURCE = fileURLToPath(new URL('../..', import.meta.url));
const FORMAT_FOLDER = fileURLToPath(new URL('.', import.meta.url));
/** Ways of turning a date into text other than this module. */
const AD_HOC_DATE_FORMATTING = /toLocaleDateString|toLocaleTimeString|toUTCString|Intl\.DateTimeFormat|from 'dayjs'|from 'date-fns'|new Date\([^)]*\)\.toLocaleString/;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return path === FORMAT_FOLDER.replace(/\/$/, '') ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('date formatting', () => {
  it('happens only in kit/format/dates.ts', () => {
    const offenders = sourceFiles(WEB_SOURCE).filter((path) => AD_HOC_DATE_FORMATTING.test(readFileSync(path, 'utf8')));
    expect(offenders.map((path) => relative(WEB_SOURCE, path))).toEqual([]);
  });
});
