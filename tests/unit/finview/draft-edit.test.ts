import { describe, expect, it } from 'vitest';
import type { Scene } from '../../../common/domains/finview/template';
import {
  bindingRowsOf,
  bindingsOf,
  constantOf,
  listArgsOf,
  moveItem,
  newScene,
  paramRowsOf,
  paramsSchemaOf,
  problemLines,
  removeItem,
} from '../../../src/pages/finview/templates/draft-edit';

describe('scene list editing', () => {
  const scenes: Scene[] = [
    { kind: 'title', title: 'A', start: 0, end: 2 },
    { kind: 'text', text: 'B', x: 0.5, y: 0.5, size: 0.1, align: 'middle', start: 2, end: 4 },
  ];
  it('moves up and down, never out of range', () => {
    expect(moveItem(scenes, 1, -1).map((scene) => scene.kind)).toEqual(['text', 'title']);
    expect(moveItem(scenes, 0, 1).map((scene) => scene.kind)).toEqual(['text', 'title']);
    expect(moveItem(scenes, 0, -1).map((scene) => scene.kind)).toEqual(['title', 'text']);
    expect(moveItem(scenes, 1, 1).map((scene) => scene.kind)).toEqual(['title', 'text']);
  });
  it('removes by index', () => {
    expect(removeItem(scenes, 0)).toEqual([scenes[1]]);
  });
  it('times a new scene after the last, within the duration', () => {
    expect(newScene('ticker', scenes, 10)).toMatchObject({ kind: 'ticker', start: 4, end: 6 });
    expect(newScene('bar-chart', scenes, 5)).toMatchObject({ start: 4, end: 5, labels: ['A', 'B', 'C'], values: [1, 2, 3] });
    expect(newScene('title', scenes, 4)).toMatchObject({ start: 0, end: 2 });
    expect(newScene('logo', [], 10, 'data:image/png;base64,AAAA')).toMatchObject({ image: { dataUrl: 'data:image/png;base64,AAAA' } });
  });
});

describe('params schema building', () => {
  it('builds properties and required, record pickers as integers, keeping unedited bounds', () => {
    const schema = paramsSchemaOf(
      [
        { name: 'company', type: 'string', title: 'Company', required: true, source: 'company-records' },
        { name: 'days', type: 'integer', required: false, defaultValue: 7 },
        { name: ' ', type: 'string', required: true },
        { name: 'days', type: 'string', required: true },
      ],
      { type: 'object', properties: { days: { type: 'integer', minimum: 1, maximum: 30 } } },
    );
    expect(schema).toEqual({
      type: 'object',
      properties: {
        company: { type: 'integer', title: 'Company', 'x-source': 'company-records' },
        days: { type: 'integer', minimum: 1, maximum: 30, default: 7 },
      },
      required: ['company'],
      additionalProperties: false,
    });
  });
  it('round-trips through rows', () => {
    const schema = paramsSchemaOf([{ name: 'series', type: 'integer', required: true, source: 'price-series', title: 'Series' }]);
    expect(paramsSchemaOf(paramRowsOf(schema), schema)).toEqual(schema);
  });
});

describe('bindings editing', () => {
  it('reads constants and params, lists from the argsSchema', () => {
    const lists = listArgsOf([{ id: 'company-records', argsSchema: { properties: { companyIds: { type: 'array', items: { type: 'integer' } } } } }]);
    const bindings = bindingsOf(
      [
        { name: 'chart', plugin: 'news-counts', args: [{ key: 'companyId', mode: 'param', value: 'company' }, { key: 'days', mode: 'constant', value: '14' }, { key: 'status', mode: 'constant', value: '' }] },
        { name: 'rows', plugin: 'company-records', args: [{ key: 'companyIds', mode: 'constant', value: '1, 2,x' }] },
      ],
      lists,
    );
    expect(bindings).toEqual({
      chart: { plugin: 'news-counts', args: { companyId: { param: 'company' }, days: 14 } },
      rows: { plugin: 'company-records', args: { companyIds: [1, 2] } },
    });
    expect(bindingRowsOf(bindings)[1]!.args).toEqual([{ key: 'companyIds', mode: 'constant', value: '1, 2' }]);
  });
  it('types constants', () => {
    expect(constantOf('APPROVED')).toBe('APPROVED');
    expect(constantOf(' 3.5 ')).toBe(3.5);
    expect(constantOf('true')).toBe(true);
  });
});

describe('problem lines', () => {
  it('lists body problems bare and other fields prefixed', () => {
    expect(problemLines({ body: ['/scenes/0/end must be after start'], 'bindings.chart': 'unknown plugin' })).toEqual([
      '/scenes/0/end must be after start',
      'bindings.chart: unknown plugin',
    ]);
    expect(problemLines(null)).toEqual([]);
  });
});

import { numbersOf, rowsOf, rowsText } from '../../../src/pages/finview/templates/draft-edit';

describe('typed lists', () => {
  it('reads numbers and table rows', () => {
    expect(numbersOf('1, 2.5 x;-3')).toEqual([1, 2.5, -3]);
    expect(rowsOf('Acme | 12\n\n Beta|x ')).toEqual([['Acme', 12], ['Beta', 'x']]);
    expect(rowsText([['Acme', 12]])).toBe('Acme | 12');
  });
});

import { refusalLines } from '../../../src/pages/finview/templates/draft-edit';

describe('refusal lines', () => {
  it('keeps the server\'s problem lists and the reader\'s words for coded fields', () => {
    const translated = { body: 'no es válido', 'body.fps': 'como máximo 30' };
    const raw = { body: '/scenes/0/end must be after start\n/fps too high', 'body.fps': 'at most 30', paramsSchema: 'bad' };
    expect(refusalLines(translated, raw)).toEqual(['/scenes/0/end must be after start', '/fps too high', 'body.fps: como máximo 30', 'paramsSchema: bad']);
    expect(refusalLines({ name: 'taken' }, undefined)).toEqual(['name: taken']);
  });
});
