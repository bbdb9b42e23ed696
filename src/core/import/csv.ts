// RFC 4180 CSV: comma-separated, fields optionally in double quotes with "" for a quote,
// quoted fields may hold commas and line breaks; CRLF or LF line ends; a UTF-8 BOM is
// dropped. A row is numbered as a spreadsheet shows it: the header is row 1.
import { ContentError } from '../content/dataset.ts';

export interface CsvRow {
  /** Spreadsheet row number (header = 1) */
  row: number;
  /** Line of the file the row starts on */
  line: number;
  cells: string[];
}

export interface CsvTable {
  header: string[];
  rows: CsvRow[];
}

export function parseCsv(text: string, file: string): CsvTable {
  const fail = (line: number, message: string): never => {
    throw new ContentError([{ file, record: `line ${line}`, message }]);
  };
  if (text.includes('\u0000')) fail(1, 'is not a CSV file (it contains NUL bytes)');
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let line = 1;
  let recordLine = 1;
  let i = 0;
  const n = src.length;
  while (i < n) {
    let value: string;
    if (src[i] === '"') {
      const openLine = line;
      let out = '';
      let j = i + 1;
      for (;;) {
        const q = src.indexOf('"', j);
        if (q < 0) return fail(openLine, 'has a quoted field that is never closed');
        const chunk = src.slice(j, q);
        for (let k = chunk.indexOf('\n'); k >= 0; k = chunk.indexOf('\n', k + 1)) line += 1;
        out += chunk;
        if (src[q + 1] === '"') {
          out += '"';
          j = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      value = out;
      const c = src[i];
      if (i < n && c !== ',' && c !== '\n' && c !== '\r') fail(line, 'has text after a closing quote (a quote inside a field must be doubled: "")');
    } else {
      let j = i;
      while (j < n && src[j] !== ',' && src[j] !== '\n' && src[j] !== '\r') j++;
      value = src.slice(i, j);
      if (value.includes('"')) fail(line, 'has a quote inside an unquoted field (quote the field and double the quote)');
      i = j;
    }
    cells.push(value);
    if (src[i] === ',') {
      i += 1;
      if (i === n) cells.push('');
      continue;
    }
    if (src[i] === '\r') i += 1;
    if (src[i] === '\n') i += 1;
    records.push({ line: recordLine, cells });
    cells = [];
    line += 1;
    recordLine = line;
  }
  const nonEmpty = records.filter((r) => !(r.cells.length === 1 && r.cells[0] === ''));
  const [head, ...body] = nonEmpty;
  if (!head) return fail(1, 'is empty: expected a header row');
  const header = head.cells.map((h) => h.trim());
  const rows = body.map((r, index) => {
    if (r.cells.length !== header.length) fail(r.line, `row ${index + 2} has ${r.cells.length} fields, the header has ${header.length}`);
    return { row: index + 2, line: r.line, cells: r.cells };
  });
  return { header, rows };
}
