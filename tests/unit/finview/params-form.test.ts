import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { ParamsSchema } from '../../../common/domains/finview/model';
import { checkParam, defaultsOf, fieldsOf, paramErrorsOf, paramsOf } from '../../../src/pages/finview/create/params-form';

const schema: ParamsSchema = {
  type: 'object',
  properties: {
    company: { type: 'integer', title: 'Company', 'x-source': 'company-records' },
    series: { type: 'integer', 'x-source': 'price-series' },
    days: { type: 'integer', minimum: 1, maximum: 30, default: 7 },
    ratio: { type: 'number', minimum: 0.5 },
    status: { type: 'string', enum: ['APPROVED', 'ANY'] },
    day: { type: 'string', format: 'date' },
    note: { type: 'string', minLength: 2, maxLength: 4 },
    flag: { type: 'boolean' },
  },
  required: ['company', 'days'],
};

describe('finview params form', () => {
  const fields = fieldsOf(schema);
  const field = (name: string) => fields.find((candidate) => candidate.name === name)!;

  it('makes one field per property with its kind', () => {
    expect(fields.map((item) => [item.name, item.kind, item.required])).toEqual([
      ['company', 'company', true],
      ['series', 'series', false],
      ['days', 'integer', true],
      ['ratio', 'number', false],
      ['status', 'enum', false],
      ['day', 'date', false],
      ['note', 'string', false],
      ['flag', 'boolean', false],
    ]);
    expect(field('company').label).toBe('Company');
    expect(field('days').label).toBe('days');
    expect(fieldsOf(undefined)).toEqual([]);
  });

  it('checks values as the server does', () => {
    expect(checkParam(field('company'), undefined)).toEqual({ code: 'required' });
    expect(checkParam(field('series'), undefined)).toBeNull();
    expect(checkParam(field('days'), 0)).toEqual({ code: 'minimum', params: { min: 1 } });
    expect(checkParam(field('days'), 31)).toEqual({ code: 'maximum', params: { max: 30 } });
    expect(checkParam(field('days'), 2.5)).toMatchObject({ code: 'type' });
    expect(checkParam(field('days'), 30)).toBeNull();
    expect(checkParam(field('ratio'), 0.75)).toBeNull();
    expect(checkParam(field('status'), 'PENDING')).toEqual({ code: 'enum' });
    expect(checkParam(field('status'), 'ANY')).toBeNull();
    expect(checkParam(field('day'), '2026-13-40')).toMatchObject({ code: 'format' });
    expect(checkParam(field('day'), '2026-11-23')).toBeNull();
    expect(checkParam(field('note'), 'a')).toEqual({ code: 'minLength', params: { min: 2 } });
    expect(checkParam(field('note'), 'abcde')).toEqual({ code: 'maxLength', params: { max: 4 } });
    expect(checkParam(field('flag'), 'yes')).toMatchObject({ code: 'type' });
  });

  it('builds the params body from form values', () => {
    expect(paramsOf(fields, { company: '12', days: 7, day: dayjs('2026-11-23'), note: '', flag: true, status: undefined })).toEqual({
      company: 12,
      days: 7,
      day: '2026-11-23',
      flag: true,
    });
    expect(defaultsOf(fields)).toEqual({ days: 7, flag: false });
  });

  it('puts the server reasons on the params fields', () => {
    expect(paramErrorsOf({ 'params.days': 'must be >= 1', title: ['too long'], other: 3 })).toEqual([
      { name: ['params', 'days'], errors: ['must be >= 1'] },
      { name: ['title'], errors: ['too long'] },
    ]);
    expect(paramErrorsOf(undefined)).toEqual([]);
  });
});
