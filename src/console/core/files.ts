/** What the browser does with the console's exports: save a file, print the page. */
import { toCsv, type CsvValue } from '../../shared/csv.js';

export interface Files {
  /** Saves text as a file the browser downloads. */
  download(filename: string, text: string, type: string): void;
  /** Saves rows as a CSV file, through the one formula-safe writer (src/shared/csv.ts). */
  csv(filename: string, rows: readonly (readonly CsvValue[])[]): void;
  print(): void;
}

export function browserFiles(win: Window = window): Files {
  const download = (filename: string, text: string, type: string) => {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const a = win.document.createElement('a');
    a.href = url;
    a.download = filename;
    a.click();
    win.setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return {
    download,
    csv: (filename, rows) => download(filename, toCsv(rows), 'text/csv'),
    print: () => win.print(),
  };
}
