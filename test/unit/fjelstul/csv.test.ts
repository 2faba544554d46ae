import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseCsv, parseCsvRows } from '../../../src/ingest/artifacts/csv.js';
import { IngestError } from '../../../src/ingest/ingest-error.js';

const fields = (text: string) => parseCsvRows(text, 'x.csv').map((r) => r.fields);

describe('CSV parser', () => {
  it('splits plain fields and keeps empty ones', () => {
    assert.deepEqual(fields('a,b,c\n1,,3\n,,\n'), [
      ['a', 'b', 'c'],
      ['1', '', '3'],
      ['', '', ''],
    ]);
  });

  it('reads quoted fields holding commas, doubled quotes and line breaks', () => {
    const text = 'id,name\n1,"Fjelstul, Joshua"\n2,"the ""Miracle"" of Bern"\n3,"two\nlines"\n4,""\n';
    assert.deepEqual(fields(text), [
      ['id', 'name'],
      ['1', 'Fjelstul, Joshua'],
      ['2', 'the "Miracle" of Bern'],
      ['3', 'two\nlines'],
      ['4', ''],
    ]);
  });

  it('accepts CRLF, LF and CR line ends, a missing final line end, and a byte-order mark', () => {
    assert.deepEqual(fields('\ufeffa,b\r\n1,"x\r\ny"\r\n2,3'), [
      ['a', 'b'],
      ['1', 'x\r\ny'],
      ['2', '3'],
    ]);
    assert.deepEqual(fields('a\r1\r2\r'), [['a'], ['1'], ['2']]);
  });

  it('skips blank lines between records but keeps a record that is one empty quoted field', () => {
    assert.deepEqual(fields('a\n\n1\r\n\r\n""\n'), [['a'], ['1'], ['']]);
  });

  it('keeps a stray quote inside an unquoted field, and text after a closing quote', () => {
    assert.deepEqual(fields('5\'6",x\n"ab"c,d\n'), [
      ['5\'6"', 'x'],
      ['abc', 'd'],
    ]);
  });

  it('gives each record its data-row number and the line it starts on', () => {
    const table = parseCsv('h1,h2\n1,"a\nb"\n2,c\n', 'x.csv');
    assert.deepEqual(table.header, ['h1', 'h2']);
    assert.deepEqual(
      table.records.map((r) => [r.row, r.line]),
      [
        [1, 2],
        [2, 4],
      ],
    );
  });

  it('fails on an unterminated quoted field, naming the file and line', () => {
    assert.throws(
      () => parseCsvRows('a,b\n1,"open\n2,3\n', 'data/x.csv'),
      (e: unknown) => e instanceof IngestError && /data\/x\.csv: .*line 2/.test(e.message),
    );
  });

  it('fails on a file with no header', () => {
    assert.throws(() => parseCsv('', 'empty.csv'), IngestError);
  });
});
