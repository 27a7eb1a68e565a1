import { describe, expect, it } from 'vitest';
import { configFieldsOf, uploadProblemLines } from '../../../src/pages/finview/plugins/plugin-config';

describe('plugin config form', () => {
  it('takes the editable top-level properties', () => {
    expect(
      configFieldsOf({
        type: 'object',
        properties: { maxDays: { type: 'integer', minimum: 1, maximum: 3650, title: 'Days' }, nested: { type: 'object' }, mode: { type: 'string', enum: ['a', 'b'] } },
      }),
    ).toEqual([
      { key: 'maxDays', type: 'integer', title: 'Days', minimum: 1, maximum: 3650 },
      { key: 'mode', type: 'string', options: ['a', 'b'] },
    ]);
    expect(configFieldsOf({})).toEqual([]);
  });
});

describe('upload problems', () => {
  it('reads row reasons in either shape, errors otherwise', () => {
    expect(uploadProblemLines({ reasons: [{ row: 3, reason: 'bad date' }, 'no Close column'] })).toEqual(['3: bad date', 'no Close column']);
    expect(uploadProblemLines({ reasons: { rows: [4, 5] } })).toEqual(['rows: 4', 'rows: 5']);
    expect(uploadProblemLines({ errors: { file: 'too large' } })).toEqual(['file: too large']);
    expect(uploadProblemLines('x')).toEqual([]);
  });
});
